// What the differences count says. The pixels are compared at a reduced size for large images (phones keep their
// memory), so the wording names that size instead of reading as if every pixel of the original had been checked,
// and a share too small for two decimals says "< 0.01 %" rather than a reassuring but false "0.00 %".
export interface DiffExtent {
  /** Pixels over the threshold, at the compared size. */
  count: number;
  width: number;
  height: number;
  /** The original's size as decoded; larger than width × height when compared reduced. */
  sourceWidth: number;
  sourceHeight: number;
}

export function diffShareText(count: number, total: number): string {
  if (count <= 0 || total <= 0) return '0 %';
  const share = (count / total) * 100;
  if (share < 0.01) return '< 0.01 %';
  return `${parseFloat(share.toFixed(2))} %`;
}

export function diffCountText({ count, width, height, sourceWidth, sourceHeight }: DiffExtent): string {
  const head = `${count.toLocaleString('en-US')} pixels differ (${diffShareText(count, width * height)} of ${width} × ${height}`;
  if (width >= sourceWidth && height >= sourceHeight) return `${head})`;
  const scale = Math.round((width / sourceWidth) * 100);
  return `${head}, compared at ${scale} % of the original ${sourceWidth} × ${sourceHeight})`;
}
