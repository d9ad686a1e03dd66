// A HEIC holding an image sequence beside its still picture is compressed as the still, and the job's note says the
// sequence was not kept: never a silent flattening to the first frame. Generated (no small public file of the kind
// was found, and the reference encoder cannot write one): the `moov` box of a sequence built from its boxes
// (support/heic.ts) placed after a still HEIC's boxes.
import { describe, expect, it } from 'vitest';
import { droppedFeatureNotes, HEIF_SEQUENCE_NOTE } from '#server/codec/input/unsupported-features';
import { isoBoxes } from '#codec-core/index';
import { heicFrom, heifSequenceOnly } from '../../support/heic';
import { corpusPath } from '../../support/paths';

describe('HEIF image sequences beside a still', () => {
  it('are noted as not kept, and a plain still HEIC has no note', () => {
    const still = heicFrom(corpusPath('photos', 'kodim23.png'));
    const sequence = heifSequenceOnly();
    const moov = [...isoBoxes(sequence)].find((box) => box.type === 'moov')!;
    expect(droppedFeatureNotes(Buffer.concat([still, sequence.subarray(moov.at, moov.end)]))).toEqual([HEIF_SEQUENCE_NOTE]);
    expect(droppedFeatureNotes(still)).toEqual([]);
    // A sequence with no still at all is refused at upload instead (unsupported-features.test.ts).
    expect(droppedFeatureNotes(sequence)).toEqual([]);
  });
});
