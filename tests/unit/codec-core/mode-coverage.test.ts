// Every mode has a strategy that searches every output format: a format a mode's order left out would end every
// job asking for it in "no candidate format" (an unexpected error), as size mode did for JPEG XL.
import { describe, expect, it } from 'vitest';
import { STRATEGIES } from '#codec-core/pipeline';
import { COMPRESSION_MODES, IMAGE_FORMATS } from '#contract/settings';

describe('mode strategies', () => {
  it.each(COMPRESSION_MODES)('%s mode searches every output format asked for alone', (mode) => {
    for (const format of IMAGE_FORMATS) expect(STRATEGIES[mode].order([format])).toEqual([format]);
  });

  it.each(COMPRESSION_MODES)('%s mode searches every candidate Auto plans, each once', (mode) => {
    const order = STRATEGIES[mode].order(IMAGE_FORMATS);
    expect([...order].sort()).toEqual([...IMAGE_FORMATS].sort());
  });
});
