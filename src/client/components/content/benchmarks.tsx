// The About page's benchmark block: the figures the codec benchmark measured (content/benchmark-figures.ts).
import { DataTable, type DataColumn } from './data-table';
import { PRIVATE_FORMAT_LABELS, privateFigures } from '#client/content/private-figures.ts';
import { BENCHMARK_PRESET_LABELS, benchmarkDate, benchmarkFigures, ratioText, type BenchmarkPresetId } from '#client/content/benchmark-figures.ts';

const PRESET_ORDER: BenchmarkPresetId[] = ['high', 'web', 'maximum'];

const PRESET_COLUMNS: DataColumn<BenchmarkPresetId>[] = [
  { header: 'Preset', cell: (id) => BENCHMARK_PRESET_LABELS[id] },
  { header: 'Quality', cell: (id) => benchmarkFigures.presets[id].quality },
  { header: 'Median size reduction', cell: (id) => `${benchmarkFigures.presets[id].medianReductionPercent}%` },
  { header: 'Median SSIM', cell: (id) => benchmarkFigures.presets[id].medianSsim.toFixed(4) },
];

export function Benchmarks() {
  const f = benchmarkFigures;
  const date = benchmarkDate(f);
  return (
    <div className="mt-6" data-testid="benchmarks">
      <h3 className="text-lg font-semibold text-slate-900">Benchmarks</h3>
      <p className="mt-2 text-slate-700">
        Across {f.corpus.photos} test photos and {f.corpus.png} PNG images, our default settings cut file size by a median of{' '}
        <strong className="text-slate-900">{f.medianReductionPercent}%</strong> while retaining{' '}
        <strong className="text-slate-900">{f.qualityRetainedPercent}%</strong> of visual quality (median SSIM).
      </p>
      <div className="mt-4">
        <DataTable caption="Median results per compression preset" columns={PRESET_COLUMNS} rows={PRESET_ORDER} rowKey={(id) => id} />
      </div>
      {f.equalQuality ? (
        <p className="mt-4 text-slate-700" data-testid="benchmarks-equal-quality">
          At the same perceptual quality (butteraugli), our Web Optimized JPEGs are a median{' '}
          {ratioText(f.equalQuality.jpegVsCjpeg.web.median)} libjpeg-turbo&apos;s (cjpeg, progressive and optimised), our AVIF files{' '}
          {ratioText(f.equalQuality.avifVsCjpeg.median)} those JPEGs and our WebP files {ratioText(f.equalQuality.webpVsCjpeg.median)} them;
          lossy PNGs are {ratioText(f.equalQuality.pngVsPngquant.median)} pngquant&apos;s.
        </p>
      ) : null}
      <PrivateModeFigures />
      <p className="mt-2 text-xs text-slate-600">
        {date ? `Measured by our codec benchmark on ${date}.` : 'Provisional figures; they are replaced by the next benchmark run.'}
      </p>
    </div>
  );
}

/** The browser engine (private mode) against our servers at the same settings, as the bench measured it. */
function PrivateModeFigures() {
  const rows = (Object.keys(PRIVATE_FORMAT_LABELS) as (keyof typeof PRIVATE_FORMAT_LABELS)[]).flatMap((format) => {
    const f = privateFigures.formats[format];
    return f ? [{ format, ...f }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <div className="mt-4" data-testid="benchmarks-private">
      <p className="text-slate-700">
        In private mode your browser compresses the images itself. On {privateFigures.photos} test photos at the Web Optimized preset, its files
        against our servers&apos; (median size ratio; butteraugli, lower is better):
      </p>
      <ul className="mt-2 list-disc pl-6 text-slate-700">
        {rows.map((r) => (
          <li key={r.format}>
            {PRIVATE_FORMAT_LABELS[r.format]}: {r.bytesRatio.toFixed(2)}&times; the size, butteraugli {r.butteraugliBrowser} against {r.butteraugliServer}
          </li>
        ))}
      </ul>
    </div>
  );
}
