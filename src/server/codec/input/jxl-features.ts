// What a JPEG XL file is, from its image metadata (the codestream header after the SizeHeader), without decoding:
// whether it is an animation, whether its alpha is premultiplied (associated), its sample depth. The codec routes an
// animation to the animation engine and names what it cannot keep before decoding. ISO/IEC 18181-1, ImageMetadata,
// ExtraChannelInfo, AnimationHeader and PreviewHeader; null for anything damaged or cut short.
import { Bits, codestreamHead, readSizeHeader } from './jxl-header';

export interface JxlFeatures {
  animated: boolean;
  /** An alpha channel whose colour samples are premultiplied by it. */
  premultipliedAlpha: boolean;
  /** Bits per colour sample (32 for float samples of single precision). */
  bitsPerSample: number;
  floatSamples: boolean;
}

type Choice = number | [bits: number, offset: number];
/** U32(d0, d1, d2, d3): a two-bit selector, then a constant or `offset + u(bits)`. */
function u32(bits: Bits, ...choices: [Choice, Choice, Choice, Choice]): number {
  const choice = choices[bits.read(2)]!;
  return typeof choice === 'number' ? choice : choice[1] + bits.read(choice[0]);
}
const bool = (bits: Bits) => bits.read(1) === 1;
const enumValue = (bits: Bits) => u32(bits, 0, 1, [4, 2], [6, 18]);

function bitDepth(bits: Bits): { bitsPerSample: number; floatSamples: boolean } {
  const floatSamples = bool(bits);
  if (!floatSamples) return { bitsPerSample: u32(bits, 8, 10, 12, [6, 1]), floatSamples };
  const bitsPerSample = u32(bits, 32, 16, 24, [6, 1]);
  bits.read(4); // exponent bits - 1
  return { bitsPerSample, floatSamples };
}

function previewHeader(bits: Bits): void {
  const div8 = bool(bits);
  const side = () => (div8 ? u32(bits, 16, 32, [5, 1], [9, 33]) : u32(bits, [6, 1], [8, 65], [10, 321], [12, 1345]));
  side();
  if (bits.read(3) === 0) side();
}

const ALPHA = 0;

/** Reads ImageMetadata up to its extra channels; throws when the bytes run out. */
function readFeatures(bits: Bits): JxlFeatures {
  readSizeHeader(bits);
  const allDefault = bool(bits);
  if (allDefault) return { animated: false, premultipliedAlpha: false, bitsPerSample: 8, floatSamples: false };
  let animated = false;
  if (bool(bits)) {
    bits.read(3); // orientation - 1
    if (bool(bits)) readSizeHeader(bits); // intrinsic size
    if (bool(bits)) previewHeader(bits);
    animated = bool(bits);
    if (animated) {
      u32(bits, 100, 1000, [10, 1], [30, 1]); // ticks per second: numerator
      u32(bits, 1, 1001, [8, 1], [10, 1]); // and denominator
      u32(bits, 0, [3, 0], [16, 0], [32, 0]); // loops
      bool(bits); // timecodes
    }
  }
  const depth = bitDepth(bits);
  bool(bits); // modular 16-bit buffers suffice
  const extraChannels = u32(bits, 0, 1, [4, 2], [12, 1]);
  let premultipliedAlpha = false;
  for (let i = 0; i < extraChannels; i++) {
    if (bool(bits)) continue; // all default: straight alpha, 8 bits
    const type = enumValue(bits);
    bitDepth(bits);
    u32(bits, 0, 3, 4, [3, 1]); // dimension shift
    const nameLength = u32(bits, 0, [4, 0], [5, 16], [10, 48]);
    for (let c = 0; c < nameLength; c++) bits.read(8);
    if (type === ALPHA && bool(bits)) premultipliedAlpha = true;
    // Other types carry fields after the name, but alpha comes first in every file libjxl writes; stop at the first other.
    if (type !== ALPHA) break;
  }
  return { animated, premultipliedAlpha, ...depth };
}

/** The features of the JPEG XL whose head is given (its first few kilobytes suffice), or null when unreadable. */
export function jxlFeatures(head: Uint8Array): JxlFeatures | null {
  const codestream = codestreamHead(head);
  if (!codestream || codestream[0] !== 0xff || codestream[1] !== 0x0a) return null;
  try {
    return readFeatures(new Bits(codestream.subarray(2)));
  } catch {
    return null;
  }
}
