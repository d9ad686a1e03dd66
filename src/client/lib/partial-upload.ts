// The toast's words for a drop of which only some files were added (docs/decisions/0552-batches-that-lose-nothing.md):
// shared by the server's and the in-tab job sources, so it lives below both.

/** The toast's words when some files of a drop were not added: never "successful". */
export function partialUploadText(added: number, notAdded: number): { title: string; description: string } {
  return {
    title: `Added ${added} of ${added + notAdded}`,
    description: `${notAdded} ${notAdded === 1 ? 'file was' : 'files were'} not added: ${notAdded === 1 ? 'it is' : 'they are'} listed in Your files with the reason.`,
  };
}
