import * as LIMITS from '#client/content/limits-text.ts';

export default `
<p>Compressing one image is easy. Compressing four hundred product shots, a wedding gallery or a year of blog illustrations is a different job: the risk is no longer a single bad setting but a messy folder, a missed file or an original overwritten by mistake. A simple, repeatable workflow removes those risks and turns batch compression into a ten-minute routine.</p>

<h3>1. Start from a clean copy</h3>
<p>Never compress your only copy. Copy the images you want to process into a working folder and leave the originals where they are, ideally in a backup as well. Compression is a one-way street for JPEG: once detail is quantised away it cannot be recovered, and compressing an already compressed file again only adds artefacts. Keeping originals also means you can re-export at a different quality later without going back to the camera or designer.</p>

<h3>2. Sort by purpose, not by date</h3>
<p>The right quality depends on where an image will be used, so group files by destination before you start: hero images and portfolio pieces in one folder, product thumbnails in another, images for newsletters in a third. Within each group one setting will fit every file, which is what makes batching fast. A useful starting point is High Quality (90) for portfolio and print-bound work, Web Optimized (80) for most website images and Maximum Compression (70) for thumbnails and email.</p>
<p>Separate PNG graphics from photographs too. Screenshots, logos and illustrations behave differently from photos, and it is easier to check them side by side when they are not mixed in with camera images.</p>

<h3>3. Resize first, in one pass</h3>
<p>If your images come straight from a camera, resize them before compressing. Most editors and digital asset managers can export a whole folder to a maximum width, for example 2000 pixels for full-width images or 800 pixels for product grids. Reducing pixel count is the biggest single saving available, and compression then works on files that are already the right shape.</p>

<h3>4. Name files once, properly</h3>
<p>Batch work is the moment to fix file names, because renaming later means updating every page that links to them. Use lowercase, hyphen-separated, descriptive names such as <code>oak-dining-table-front.jpg</code> rather than <code>IMG_4821.JPG</code>. Descriptive names help search engines, help your colleagues and make it obvious which result belongs to which original when you download a ZIP.</p>

<h3>5. Run the batch through the queue</h3>
<p>Drop a whole group onto the upload area. Guests can add up to ${LIMITS.GUEST_FILES_TEXT} per batch with a limit of ${LIMITS.GUEST_MAX_SIZE_TEXT} per file; with a free account you can queue up to ${LIMITS.USER_FILES_TEXT} at once and large files are no problem. Pick the preset for the group before you upload, since the setting applies to every file in that batch.</p>
<p>The queue processes ${LIMITS.CONCURRENCY_TEXT} so that large batches move steadily without one huge file blocking the rest. The queue panel shows how many files are pending, processing, completed and failed, along with a processing rate and an estimate of the time remaining. You can pause the queue if you realise a setting is wrong, clear pending files and start again, or resume when you are ready. If a file fails because of a temporary problem, it is retried automatically ${LIMITS.RETRIES_TEXT} before it is marked as an error.</p>

<h3>6. Spot-check, do not eyeball everything</h3>
<p>Checking every image in a batch of hundreds is not realistic, and it is not necessary if the group was sorted well. Instead, open three kinds of image with the Compare view: the one with the most fine detail (fabric, foliage, hair), the one with the smoothest gradients (sky, studio backdrop) and the one with any text or hard edges. Use the split view and zoom to 100% or more. If those three look right, the rest of the group almost certainly does too. If one does not, re-run just that group with the next preset up.</p>

<h3>7. Download and file the results</h3>
<p>Use Download All to fetch the whole batch as a single ZIP, then unpack it into a clearly named output folder, for example <code>2025-01-product-launch/web</code>. Keep the output separate from the originals so nothing gets overwritten. Download promptly: for your privacy, uploaded and compressed files are deleted automatically ${LIMITS.RETENTION_TEXT}.</p>

<h3>8. Make it a habit</h3>
<p>The real gains of a workflow come from repetition. Write your folder structure and presets down in a short checklist and share it with anyone who publishes images for you. A typical checklist fits on an index card:</p>
<ul>
<li>Copy originals to a working folder; never touch the source.</li>
<li>Sort by destination; separate graphics from photos.</li>
<li>Resize to the largest displayed size.</li>
<li>Rename with descriptive, hyphenated names.</li>
<li>Compress each group with one preset.</li>
<li>Spot-check detail, gradients and text at 100% zoom.</li>
<li>Download the ZIP and file it next to, not over, the originals.</li>
</ul>

<h3>Where automation fits</h3>
<p>Once the routine is stable, parts of it can be automated: exporting resized copies from your editor with a saved action, naming files from a product spreadsheet, or syncing the output folder to your content system. The judgement steps, choosing a preset per group and spot-checking, are the ones worth keeping human, because they are where quality problems get caught. If you need to compress images from your own software at scale, get in touch about API access through the Help Center.</p>
`;
