// The blur of SSIMULACRA 2 (./ssimulacra2.ts): the reference's recursive Gaussian (Charalampidis 2016, sigma 1.5,
// lib/jxl/gauss_blur.cc), with the same zero padding at the borders, so scores match the reference's to a few
// hundredths rather than only in trend.

/** The recursive Gaussian's constants for one sigma: three second-order filters summed (lib/jxl/gauss_blur.cc). */
interface RecursiveGaussian {
  radius: number;
  n2: [number, number, number];
  d1: [number, number, number];
}

function recursiveGaussian(sigma: number): RecursiveGaussian {
  const radius = Math.round(3.2795 * sigma + 0.2546);
  const piDiv2r = Math.PI / (2 * radius);
  const omega = [piDiv2r, 3 * piDiv2r, 5 * piDiv2r] as const;
  const p1 = 1 / Math.tan(0.5 * omega[0]);
  const p3 = -1 / Math.tan(0.5 * omega[1]);
  const p5 = 1 / Math.tan(0.5 * omega[2]);
  const r1 = (p1 * p1) / Math.sin(omega[0]);
  const r3 = -(p3 * p3) / Math.sin(omega[1]);
  const r5 = (p5 * p5) / Math.sin(omega[2]);
  const rho = omega.map((w) => Math.exp(-0.5 * sigma * sigma * w * w) / radius);
  const d13 = p1 * r3 - r1 * p3;
  const d35 = p3 * r5 - r3 * p5;
  const d51 = p5 * r1 - r5 * p1;
  const zeta15 = d35 / d13;
  const zeta35 = d51 / d13;
  const A = invert3x3([p1, p3, p5, r1, r3, r5, zeta15, zeta35, 1]);
  const gamma = [1, radius * radius - sigma * sigma, zeta15 * rho[0]! + zeta35 * rho[1]! + rho[2]!];
  const beta = [0, 1, 2].map((row) => A[row * 3]! * gamma[0]! + A[row * 3 + 1]! * gamma[1]! + A[row * 3 + 2]! * gamma[2]!);
  const n2 = [0, 1, 2].map((k) => Math.fround(-beta[k]! * Math.cos(omega[k]! * (radius + 1)))) as RecursiveGaussian['n2'];
  const d1 = [0, 1, 2].map((k) => Math.fround(-2 * Math.cos(omega[k]!))) as RecursiveGaussian['d1'];
  return { radius, n2, d1 };
}

function invert3x3(m: readonly number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    (e * i - f * h) / det,
    (c * h - b * i) / det,
    (b * f - c * e) / det,
    (f * g - d * i) / det,
    (a * i - c * g) / det,
    (c * d - a * f) / det,
    (d * h - e * g) / det,
    (b * g - a * h) / det,
    (a * e - b * d) / det,
  ];
}

const SIGMA_1_5 = recursiveGaussian(1.5);

/**
 * A blur for planes of one size, into `out`: each pass filters the rows and writes them transposed, so two passes
 * blur both ways while reading memory in order.
 */
export function gaussianBlur(width: number, height: number): (plane: Float32Array, out: Float32Array) => void {
  const transposed = new Float32Array(width * height);
  return (plane, out) => {
    blurRowsTransposed(plane, width, height, transposed);
    blurRowsTransposed(transposed, height, width, out);
  };
}

/** Filters each row of `input` (width x height) with the recursive Gaussian; row y lands in column y of `output`. */
function blurRowsTransposed(input: Float32Array, width: number, height: number, output: Float32Array): void {
  const { radius: N, n2, d1 } = SIGMA_1_5;
  const [n21, n23, n25] = n2;
  const [d11, d13, d15] = d1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let prev1 = 0;
    let prev3 = 0;
    let prev5 = 0;
    let prev21 = 0;
    let prev23 = 0;
    let prev25 = 0;
    for (let n = -N + 1; n < width; n++) {
      const left = n - N - 1;
      const right = n + N - 1;
      const sum = (left >= 0 ? input[row + left]! : 0) + (right < width ? input[row + right]! : 0);
      const o1 = n21 * sum - d11 * prev1 - prev21;
      const o3 = n23 * sum - d13 * prev3 - prev23;
      const o5 = n25 * sum - d15 * prev5 - prev25;
      prev21 = prev1;
      prev23 = prev3;
      prev25 = prev5;
      prev1 = o1;
      prev3 = o3;
      prev5 = o5;
      if (n >= 0) output[n * height + y] = o1 + o3 + o5;
    }
  }
}
