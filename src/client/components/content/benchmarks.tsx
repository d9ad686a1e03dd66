// The About page's benchmark block: the figures the codec benchmark measured (content/benchmark-figures.ts).
import { DataTable, type DataColumn } from './data-table';
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
      <p className="mt-2 text-xs text-slate-600">
        {date ? `Measured by our codec benchmark on ${date}.` : 'Provisional figures; they are replaced by the next benchmark run.'}
      </p>
    </div>
  );
}
