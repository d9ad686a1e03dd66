// The report's sections, in order. To add one, implement BenchSection (../types.ts) and list it here.
import type { BenchSection } from '../types';
import { codecEfficiency } from './codec-efficiency';
import { codecSpeed } from './codec-speed';
import { formatsCalibration } from './formats-calibration';
import { jpegTables } from './jpeg-tables';
import { jpegXl } from './jpeg-xl';
import { serviceThroughput } from './service-throughput';
import { pollLatency } from './poll-latency';
import { memory } from './memory';
import { load } from './load';
import { frontend } from './frontend';
import { scaleout } from './scaleout';
import { scaleoutStorage } from './scaleout-storage';
import { modes } from './modes';
import { perceptual } from './perceptual';
import { smart } from './smart';
import { privateMode } from './private';
import { svg } from './svg';
import { animation } from './animation';

export const sections: BenchSection[] = [codecEfficiency, codecSpeed, formatsCalibration, jpegXl, jpegTables, modes, perceptual, smart, serviceThroughput, pollLatency, memory, load, frontend, scaleout, scaleoutStorage, privateMode, svg, animation];
