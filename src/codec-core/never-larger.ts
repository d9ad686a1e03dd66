// The one rule deciding when the upload itself is the result. docs/decisions/0201-never-larger-across-formats.md
// and 0301-one-codec-pipeline.md.

/**
 * The upload, as it would be passed on (its own bytes with only the metadata the settings keep), wins when it is
 * no larger than its rival: the best encoding made, or in size mode the target before anything is encoded. Ties go
 * to the upload: same size, no generation loss. `passedOn` is null when the upload cannot be the result (another
 * format or size was asked for, or its metadata cannot be removed without re-encoding); `rival` is null when
 * nothing was encoded (lossless JPEG: only the upload can be the result).
 */
export function uploadWins(passedOn: number | null, rival: number | null): boolean {
  return passedOn !== null && (rival === null || passedOn <= rival);
}
