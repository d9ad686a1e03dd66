import { DEFAULT_QUALITY_TEXT } from '#client/content/limits-text.ts';

export default `
<p>JPEG has been the photograph format of the web for three decades, and it is not going anywhere soon: every browser, phone, camera and content management system understands it. That ubiquity is exactly why it pays to understand how a JPEG is made. Small changes to a few settings routinely cut file sizes in half with no difference anyone can see, while the wrong setting can leave a page both heavy and blotchy. This guide walks through what happens inside the encoder and turns it into practical rules.</p>

<h3>How a JPEG is built</h3>
<p>A JPEG encoder works in four stages. First it converts the image from RGB into YCbCr: one brightness channel (luma) and two colour-difference channels (chroma). Our eyes are far more sensitive to detail in brightness than in colour, and the rest of the format exploits that.</p>
<p>Second comes <strong>chroma subsampling</strong>. With the common 4:2:0 scheme the two colour channels are stored at half the width and half the height, so they shrink to a quarter of their original sample count before any real compression begins. For photographs this is almost always invisible. It can show up as colour bleeding along sharp red or blue edges, such as text in screenshots, which is one reason screenshots belong in PNG.</p>
<p>Third, each channel is cut into 8×8 pixel blocks and transformed with the discrete cosine transform (DCT). The DCT does not lose anything by itself; it re-expresses the block as a mix of smooth and busy patterns. Then the encoder <strong>quantises</strong> those coefficients, dividing each by a value from a quantisation table and rounding. Fine, high-frequency detail gets divided by large numbers and often becomes zero. This rounding is where most of the information is thrown away, and it is what the quality setting controls.</p>
<p>Finally, the rounded coefficients are entropy-coded with Huffman coding. Long runs of zeros compress extremely well, which is why smooth skies cost so little and foliage or gravel costs so much.</p>

<h3>What the quality number really means</h3>
<p>The quality slider is not a percentage of the original quality that survives. It is a scale factor for the quantisation tables. Different encoders use different tables, so quality 80 in one program is not the same file as quality 80 in another. What does hold everywhere is the shape of the curve: going from 100 down to about 90 removes a lot of bytes for no visible change, the range from 90 down to about 75 is where the best trade-offs live, and below 60 the typical artefacts appear, namely blocky 8×8 patterns in gradients and ringing around high-contrast edges.</p>
<p>Our presets follow that curve. <em>High Quality</em> (90) is for images that will be edited again, printed or archived. <em>Web Optimized</em> (${DEFAULT_QUALITY_TEXT}, the default) is the right choice for nearly every photo on a web page. <em>Maximum Compression</em> (70) suits thumbnails, email and anywhere bandwidth matters more than the last bit of crispness. As a rule of thumb, use 80 for the web, 60 to 70 for images sent by email and 85 to 90 for anything you archive.</p>

<h3>Why MozJPEG makes smaller files</h3>
<p>We encode with MozJPEG, an encoder built to produce smaller files that decode in any ordinary JPEG decoder. Two techniques do most of the work. <strong>Trellis quantisation</strong> does not simply round each coefficient to the nearest step; it searches for the combination of values that costs the fewest bits for a given amount of visible error. <strong>Optimised progressive scans</strong> reorder the data so it compresses better. Together they typically save a noticeable share of the bytes compared with a classic encoder at the same visual quality, and the output stays a standard JPEG.</p>

<h3>Progressive or baseline?</h3>
<p>A baseline JPEG is stored top to bottom, so a slow connection paints it line by line. A progressive JPEG stores a coarse version of the whole image first and refines it in later scans, so visitors see the full composition almost immediately. For images larger than a few kilobytes progressive files are usually also slightly smaller. We produce progressive JPEGs by default.</p>

<h3>Metadata: invisible weight and a privacy risk</h3>
<p>Cameras and phones attach EXIF data: camera model, lens, exposure, timestamps, embedded thumbnails and often GPS coordinates. That can add tens of kilobytes to a small web image and can reveal where a photo was taken. We strip it, but only after applying the orientation tag, because many phones store portrait photos sideways and rely on that tag to display them upright. Colour profiles are handled so that colours do not shift when the profile is removed.</p>

<h3>Resize before you compress</h3>
<p>No quality setting beats sending fewer pixels. A 6000×4000 photo shown in a 1200-pixel-wide column carries twenty-five times more pixels than the screen needs. Export at the largest size the layout actually displays, doubled for high-density screens if the image is important, and then compress. The savings multiply.</p>

<h3>Avoid generation loss</h3>
<p>Every time a JPEG is decoded, edited and saved again, quantisation runs again and errors accumulate. Keep your originals, make edits on them, and compress once at the end. Compressing an already heavily compressed JPEG rarely helps; if the result would be larger than the input, we keep your original bytes and report 0% saved rather than hand you a worse file.</p>

<h3>A quick checklist</h3>
<ul>
<li>Resize to the displayed dimensions (or twice that for key images on high-density screens).</li>
<li>Start with the Web Optimized preset and compare before and after at 100% zoom.</li>
<li>Use 85 to 90 only for images that will be edited, printed or archived.</li>
<li>Keep the originals, and compress once, from the best source you have.</li>
<li>Check faces, skies and fine text first: they show artefacts before anything else does.</li>
</ul>
`;
