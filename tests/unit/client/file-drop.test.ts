// The drop zone's own file checks and folder reading (in place of a drop library): the spec's words for each refusal,
// the first files of a batch taken and the rest left for the next, and the files of a dropped folder read through its entries.
import { describe, expect, it } from 'vitest';
import { checkFiles, filesOfDrop, overLimitMessage } from '#client/lib/file-drop.ts';
import { fileTooLargeMessage, MESSAGES } from '#contract/messages';

const file = (name: string, type: string, size = 64) => new File([new Uint8Array(size)], name, { type });
const limits = { maxFileSize: 1000, maxFiles: 3 };
const names = (r: ReturnType<typeof checkFiles>) => ({ accepted: r.accepted.map((f) => f.name), refused: r.refused.map((x) => `${x.file.name}: ${x.messages.join(', ')}`) });

describe('file drop checks', () => {
  it('takes images by type or, when the system gives no type, by extension, and names each refusal', () => {
    const result = names(checkFiles([file('a.png', 'image/png'), file('b.HEIC', ''), file('notes.txt', 'text/plain'), file('big.jpg', 'image/jpeg', 2000)], { ...limits, maxFiles: 4 }));
    expect(result.accepted).toEqual(['a.png', 'b.HEIC']);
    expect(result.refused).toEqual([`notes.txt: ${MESSAGES.fileTypeInvalid}`, `big.jpg: ${fileTooLargeMessage(1000)}`]);
  });

  it('fills the batch with the first good files and refuses the rest as over the limit, to add next', () => {
    const files = [file('bad.txt', 'text/plain'), ...['1', '2', '3', '4', '5'].map((n) => file(`${n}.png`, 'image/png'))];
    const result = checkFiles(files, limits);
    // A refused file takes no place in the batch: the first three good ones go.
    expect(result.accepted.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png']);
    expect(result.refused.map((r) => [r.file.name, r.overLimit ?? false])).toEqual([
      ['bad.txt', false],
      ['4.png', true],
      ['5.png', true],
    ]);
    expect(result.refused[1]!.messages).toEqual([overLimitMessage(3)]);
    expect(overLimitMessage(3)).toBe(`${MESSAGES.tooManyFiles}: 3 can be added at once. Add it with the next batch.`);
  });

  it('reads the files of a dropped folder and its subfolders, in batches, beside a dropped file', async () => {
    const entry = (f: File) => ({ isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(f) });
    const dir = (children: object[][]) => {
      let batch = 0;
      return { isFile: false, isDirectory: true, createReader: () => ({ readEntries: (ok: (b: object[]) => void) => ok(children[batch++] ?? []) }) };
    };
    const folder = dir([[entry(file('a.jpg', 'image/jpeg'))], [dir([[entry(file('b.png', 'image/png'))]])]]);
    const loose = file('c.webp', 'image/webp');
    const items = [
      { kind: 'file', type: '', getAsFile: () => null, webkitGetAsEntry: () => folder },
      { kind: 'file', type: 'image/webp', getAsFile: () => loose, webkitGetAsEntry: () => null },
      { kind: 'string', type: 'text/plain', getAsFile: () => null, webkitGetAsEntry: () => null },
    ];
    const files = await filesOfDrop({ items, files: [] } as unknown as DataTransfer);
    expect(files.map((f) => f.name)).toEqual(['a.jpg', 'b.png', 'c.webp']);
  });
});
