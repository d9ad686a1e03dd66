// SSIMULACRA 2 (Jon Sneyers, Cloudinary, 2022-2023), the perceptual metric smart mode steers by: a port of the
// reference implementation (github.com/cloudinary/ssimulacra2, tools/ssimulacra2.cc in libjxl), checked against
// its binary on corpus images by `npm run bench -- perceptual` (bench/BASELINE.md). docs/decisions/0281-perceptual-metric.md.
//
// Both images go to linear RGB, then to XYB (the colour space of JPEG XL, rescaled to about 0..1), at six scales
// (1:1 to 1:32, halved in linear RGB). At each scale and for each of X, Y and B three error maps are pooled, each
// with the mean and the 4-norm: SSIM without its luma denominator, "ringing" (edges in the distorted image where the
// original is smooth) and "blurring" (the reverse). A weighted sum of those 108 numbers, bent by a fitted
// polynomial, gives the score: 100 for identical pixels, about 90 visually lossless, 70 high quality, 50 medium.
//
// The Gaussian blur is the reference's recursive filter (Charalampidis 2016, sigma 1.5) with the same zero padding
// at the borders, so scores match the reference's to a few hundredths rather than only in trend.

import { gaussianBlur } from './gaussian-blur';

/** 8-bit sRGB pixels, three bytes each (no alpha: flatten before scoring). */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

const NUM_SCALES = 6;
const C2 = 0.0009;

/** The pooled error norms of one scale: per channel [mean, 4-norm] of SSIM, and [ringing mean, 4-norm, blurring mean, 4-norm]. */
interface ScaleNorms {
  ssim: Float64Array; // 3 channels x 2 norms
  edge: Float64Array; // 3 channels x 4
}

// prettier-ignore
const WEIGHTS = [
  0.0, 0.0007376606707406586, 0.0, 0.0, 0.0007793481682867309, 0.0, 0.0, 0.0004371155730107379, 0.0,
  1.1041726426657346, 0.00066284834129271, 0.00015231632783718752, 0.0, 0.0016406437456599754, 0.0,
  1.8422455520539298, 11.441172603757666, 0.0, 0.0007989109436015163, 0.000176816438078653, 0.0,
  1.8787594979546387, 10.94906990605142, 0.0, 0.0007289346991508072, 0.9677937080626833, 0.0,
  0.00014003424285435884, 0.9981766977854967, 0.00031949755934435053, 0.0004550992113792063, 0.0, 0.0,
  0.0013648766163243398, 0.0, 0.0, 0.0, 0.0, 0.0, 7.466890328078848, 0.0, 17.445833984131262,
  0.0006235601634041466, 0.0, 0.0, 6.683678146179332, 0.00037724407979611296, 1.027889937768264,
  225.20515300849274, 0.0, 0.0, 19.213238186143016, 0.0011401524586618361, 0.001237755635509985,
  176.39317598450694, 0.0, 0.0, 24.43300999870476, 0.28520802612117757, 0.0004485436923833408, 0.0, 0.0, 0.0,
  34.77906344483772, 44.835625328877896, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0008680556573291698, 0.0,
  0.0, 0.0, 0.0, 0.0, 0.0005313191874358747, 0.0, 0.00016533814161379112, 0.0, 0.0, 0.0, 0.0, 0.0,
  0.0004179171803251336, 0.0017290828234722833, 0.0, 0.0020827005846636437, 0.0, 0.0, 8.826982764996862,
  23.19243343998926, 0.0, 95.1080498811086, 0.9863978034400682, 0.9834382792465353, 0.0012286405048278493,
  171.2667255897307, 0.9807858872435379, 0.0, 0.0, 0.0, 0.0005130064588990679, 0.0, 0.00010854057858411537,
];

/** The SSIMULACRA 2 score of `distorted` against `reference` (same size): 100 for identical pixels, lower is worse. */
export function ssimulacra2(reference: RgbImage, distorted: RgbImage): number {
  if (reference.width !== distorted.width || reference.height !== distorted.height) {
    throw new Error(`ssimulacra2: the images differ in size (${reference.width}x${reference.height} and ${distorted.width}x${distorted.height})`);
  }
  let a = linearPlanes(reference);
  let b = linearPlanes(distorted);
  const scales: ScaleNorms[] = [];
  for (let scale = 0; scale < NUM_SCALES; scale++) {
    // As in the reference, the size test looks at the scale before this one's halving.
    if (a.width < 8 || a.height < 8) break;
    if (scale > 0) {
      a = halved(a);
      b = halved(b);
    }
    scales.push(scaleNorms(a, b));
  }
  return scoreOf(scales);
}

/** The weighted sum of the norms, through the reference's fitted curve. */
function scoreOf(scales: readonly ScaleNorms[]): number {
  let sum = 0;
  let i = 0;
  // The weight index runs on over the scales actually computed, as the reference's does for tiny images.
  for (let c = 0; c < 3; c++) {
    for (const norms of scales) {
      for (let n = 0; n < 2; n++) {
        sum += WEIGHTS[i++]! * Math.abs(norms.ssim[c * 2 + n]!);
        sum += WEIGHTS[i++]! * Math.abs(norms.edge[c * 4 + n]!);
        sum += WEIGHTS[i++]! * Math.abs(norms.edge[c * 4 + n + 2]!);
      }
    }
  }
  let s = sum * 0.9562382616834844;
  s = 2.326765642916932 * s - 0.020884521182843837 * s * s + 6.248496625763138e-5 * s * s * s;
  return s > 0 ? 100 - 10 * Math.pow(s, 0.6276336467831387) : 100;
}

/** Three planes of one image, in linear RGB (one scale). */
interface Planes {
  width: number;
  height: number;
  channels: [Float32Array, Float32Array, Float32Array];
}

const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const x = v / 255;
  return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
});

function linearPlanes(image: RgbImage): Planes {
  const pixels = image.width * image.height;
  if (image.data.length < pixels * 3) throw new Error('ssimulacra2: expected three bytes per pixel');
  const channels: Planes['channels'] = [new Float32Array(pixels), new Float32Array(pixels), new Float32Array(pixels)];
  for (let p = 0, i = 0; p < pixels; p++, i += 3) {
    channels[0][p] = SRGB_TO_LINEAR[image.data[i]!]!;
    channels[1][p] = SRGB_TO_LINEAR[image.data[i + 1]!]!;
    channels[2][p] = SRGB_TO_LINEAR[image.data[i + 2]!]!;
  }
  return { width: image.width, height: image.height, channels };
}

/** A 2x2 box downscale in linear light; an odd last row or column repeats its edge pixel. */
function halved(planes: Planes): Planes {
  const { width, height } = planes;
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const channels = planes.channels.map((src) => {
    const out = new Float32Array(w * h);
    for (let oy = 0; oy < h; oy++) {
      const y0 = 2 * oy;
      const y1 = Math.min(y0 + 1, height - 1);
      for (let ox = 0; ox < w; ox++) {
        const x0 = 2 * ox;
        const x1 = Math.min(x0 + 1, width - 1);
        out[oy * w + ox] = (src[y0 * width + x0]! + src[y0 * width + x1]! + src[y1 * width + x0]! + src[y1 * width + x1]!) * 0.25;
      }
    }
    return out;
  }) as Planes['channels'];
  return { width: w, height: h, channels };
}

// The opsin absorbance matrix and bias of JPEG XL's XYB (lib/jxl/opsin_params.h).
const M20 = 0.2434226892454782;
const M21 = 0.2047674442449682;
const M = [0.3, 0.622, 0.078, 0.23, 0.692, 0.078, M20, M21, 1 - M20 - M21];
const BIAS = 0.0037930732552754493;
const BIAS_CBRT = Math.cbrt(BIAS);

/** XYB of linear RGB, shifted and scaled into about 0..1 with B replaced by B - Y (the reference's MakePositiveXYB). */
function positiveXyb(planes: Planes): [Float32Array, Float32Array, Float32Array] {
  const [r, g, b] = planes.channels;
  const n = r.length;
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const z = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const rp = r[p]!;
    const gp = g[p]!;
    const bp = b[p]!;
    const l = Math.cbrt(Math.max(0, M[0]! * rp + M[1]! * gp + M[2]! * bp + BIAS)) - BIAS_CBRT;
    const m = Math.cbrt(Math.max(0, M[3]! * rp + M[4]! * gp + M[5]! * bp + BIAS)) - BIAS_CBRT;
    const s = Math.cbrt(Math.max(0, M[6]! * rp + M[7]! * gp + M[8]! * bp + BIAS)) - BIAS_CBRT;
    const yy = 0.5 * (l + m);
    x[p] = 0.5 * (l - m) * 14 + 0.42;
    y[p] = yy + 0.01;
    z[p] = s - yy + 0.55;
  }
  return [x, y, z];
}

function scaleNorms(a: Planes, b: Planes): ScaleNorms {
  const { width, height } = a;
  const n = width * height;
  const xa = positiveXyb(a);
  const xb = positiveXyb(b);
  const blur = gaussianBlur(width, height);
  // Five blurred planes and one of products, reused for X, Y and B: the metric's peak is about 80 bytes per pixel.
  const [mu1, mu2, s11, s22, s12, product] = Array.from({ length: 6 }, () => new Float32Array(n)) as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  const ssim = new Float64Array(6);
  const edge = new Float64Array(12);
  for (let c = 0; c < 3; c++) {
    const p1 = xa[c]!;
    const p2 = xb[c]!;
    blur(p1, mu1);
    blur(p2, mu2);
    for (let p = 0; p < n; p++) product[p] = p1[p]! * p1[p]!;
    blur(product, s11);
    for (let p = 0; p < n; p++) product[p] = p2[p]! * p2[p]!;
    blur(product, s22);
    for (let p = 0; p < n; p++) product[p] = p1[p]! * p2[p]!;
    blur(product, s12);

    let ssimSum = 0;
    let ssimSum4 = 0;
    let ringing = 0;
    let ringing4 = 0;
    let blurring = 0;
    let blurring4 = 0;
    for (let p = 0; p < n; p++) {
      const m1 = mu1[p]!;
      const m2 = mu2[p]!;
      // SSIM without the luma term's denominator: these values are already perceptually spaced (see the reference).
      const numM = 1 - (m1 - m2) * (m1 - m2);
      const numS = 2 * (s12[p]! - m1 * m2) + C2;
      const denS = s11[p]! - m1 * m1 + (s22[p]! - m2 * m2) + C2;
      const d = Math.max(0, 1 - (numM * numS) / denS);
      ssimSum += d;
      ssimSum4 += d * d * d * d;

      const e = (1 + Math.abs(p2[p]! - m2)) / (1 + Math.abs(p1[p]! - m1)) - 1;
      if (e > 0) {
        ringing += e;
        ringing4 += e * e * e * e;
      } else {
        blurring -= e;
        blurring4 += e * e * e * e;
      }
    }
    ssim[c * 2] = ssimSum / n;
    ssim[c * 2 + 1] = Math.sqrt(Math.sqrt(ssimSum4 / n));
    edge[c * 4] = ringing / n;
    edge[c * 4 + 1] = Math.sqrt(Math.sqrt(ringing4 / n));
    edge[c * 4 + 2] = blurring / n;
    edge[c * 4 + 3] = Math.sqrt(Math.sqrt(blurring4 / n));
  }
  return { ssim, edge };
}
