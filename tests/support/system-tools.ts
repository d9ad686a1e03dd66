// Debian tools some tests make or check files with (.ci/run installs them): where one is missing outside CI, those
// tests are skipped with the reason; under CI=true a skip fails the run (no-skips-in-ci.ts), so CI always runs them.
import { execFileSync } from 'node:child_process';

function missing(tool: string, debianPackage: string): string | null {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return null;
  } catch {
    return `${tool} is not installed (apt-get install ${debianPackage})`;
  }
}

/** Why HEIC test files cannot be made here, or null. */
export const HEIF_ENC_MISSING = missing('heif-enc', 'libheif-examples');
/** Why JPEG XL cannot be made and checked here, or null. */
export const LIBJXL_TOOLS_MISSING = missing('cjxl', 'libjxl-tools') ?? missing('djxl', 'libjxl-tools');
