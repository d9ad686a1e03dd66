// The codec's settings at the contract's defaults, for tests that build codec requests by hand.
import type { CodecSettings } from '#codec-core/index';
import { DEFAULT_CODEC_FIELDS } from '#contract/settings-schema';

export const DEFAULT_CODEC_SETTINGS: CodecSettings = DEFAULT_CODEC_FIELDS;
