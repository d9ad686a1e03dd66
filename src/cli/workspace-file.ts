// The command-line client's watch and the GitHub Action take files that someone else may have put there (a pull
// request's author, anything writing into a watched folder). A symbolic link among them could make us read a file
// elsewhere on the machine, upload it, and hand its compressed copy back (pushed to the pull request's branch, or
// written beside the link). So a candidate is taken only when it is itself a regular file, not a link, and its real
// path is inside the folder we were given (no linked directory on the way) (docs/decisions/0531-regular-files-inside-the-workspace.md).
import fs from 'node:fs';
import path from 'node:path';

export const NOT_A_REGULAR_FILE = 'skipped: not a regular file inside the folder (a symbolic link, or a path through one)';

const inside = (root: string, target: string) => target === root || target.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/**
 * The file's lstat when `candidate` is a regular file (not a symlink) whose real path is inside `root`'s real path;
 * null otherwise (missing, a link, a directory, a device, or reached through a linked directory).
 */
export function regularFileInside(root: string, candidate: string): fs.Stats | null {
  try {
    const stat = fs.lstatSync(candidate);
    if (!stat.isFile()) return null;
    return inside(fs.realpathSync(root), fs.realpathSync(candidate)) ? stat : null;
  } catch {
    return null;
  }
}

/**
 * Reads a file without following a link in its last component (O_NOFOLLOW), and only when what was opened is a
 * regular file: a link swapped in after `regularFileInside` looked is refused here, not followed.
 */
export function readRegularFile(file: string): Buffer {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    if (!fs.fstatSync(fd).isFile()) throw new Error(`${file} is not a regular file`);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Creates `temporary` (a result written beside its target, renamed into place afterwards) exclusively: O_EXCL does not
 * follow links, so a link planted under that name is removed and never written through.
 */
export function writeTemporary(temporary: string, data: Buffer): void {
  fs.rmSync(temporary, { force: true });
  fs.writeFileSync(temporary, data, { flag: 'wx' });
}
