import { DEFAULT_QUALITY_TEXT, GUEST_MAX_SIZE_TEXT, RETENTION_TEXT } from '#client/content/limits-text.ts';
import { PRODUCT_NAME } from '#contract/brand';

export default `
<p>If you have ever waited for a photo-heavy page to load on your phone, or had an email bounce because the attachments were too large, you have met the problem image compression solves. This guide explains the idea in plain language and shows how to compress your first images in about a minute.</p>

<h3>What is image compression?</h3>
<p>A digital image is a grid of pixels, and each pixel stores a colour. A 12-megapixel phone photo has twelve million of them; stored raw, that is about 36 megabytes. Compression is the art of storing the same picture in far fewer bytes. It works because images are full of patterns: large areas of similar colour, smooth gradients and detail too fine for the eye to notice. A compressor describes those patterns efficiently instead of listing every pixel.</p>

<h3>Lossy and lossless</h3>
<p>There are two families of compression, and the difference matters.</p>
<ul>
<li><strong>Lossless</strong> compression keeps every pixel exactly. Unpack the file and you get back the identical image. PNG works this way, which makes it ideal for logos, screenshots and anything with text.</li>
<li><strong>Lossy</strong> compression throws away information you are unlikely to see, such as tiny variations of colour, to achieve much smaller files. JPEG works this way, and it is the reason a photo can shrink from many megabytes to a few hundred kilobytes while looking the same on screen.</li>
</ul>
<p>"Lossy" sounds alarming, but at sensible settings the loss is invisible. The trick is choosing how much to give up.</p>

<h3>Understanding the quality setting</h3>
<p>For JPEG images, a quality number controls the trade-off between size and fidelity. Higher numbers keep more detail and produce larger files; lower numbers produce smaller files and, eventually, visible artefacts such as blocky patches in skies. The useful range is narrower than the 1 to 100 scale suggests:</p>
<ul>
<li><strong>85 to 90</strong> for photos you want to archive, print or edit again.</li>
<li><strong>About 80</strong> for photos on websites and social media. This is our default (${DEFAULT_QUALITY_TEXT}) and the right answer most of the time.</li>
<li><strong>60 to 70</strong> for email attachments, thumbnails and previews, where small size matters most.</li>
</ul>

<h3>Compress your first images</h3>
<ol>
<li>Open the ${PRODUCT_NAME} compressor on the home page. You do not need an account; guests can compress files up to ${GUEST_MAX_SIZE_TEXT} each.</li>
<li>Choose a preset in the settings card. Web Optimized is selected by default. If you prefer, move the custom slider to set any quality from 1 to 100.</li>
<li>Drag your JPEG or PNG files onto the drop zone, or click it to pick files from your device.</li>
<li>Watch the job cards: each file shows its status, and when it reads <em>Completed</em> you will see the original and compressed sizes.</li>
<li>Click Compare to check the result side by side or with a split slider. Zoom in on faces and fine detail.</li>
<li>Click Download for a single file, or Download All to get every result in one ZIP file.</li>
</ol>
<p>Files you upload are deleted automatically ${RETENTION_TEXT}, so download your results when they are ready.</p>

<h3>Common beginner mistakes</h3>
<p><strong>Compressing the same file again and again.</strong> Each round of lossy compression discards a little more. Keep your original and compress once from it.</p>
<p><strong>Forgetting to resize.</strong> A photo straight from a camera may be 6000 pixels wide while your website shows it at 1200. Resizing it first saves far more than any quality setting can.</p>
<p><strong>Using JPEG for screenshots and logos.</strong> Sharp edges and text look fuzzy in JPEG. Keep those images as PNG.</p>
<p><strong>Judging at thumbnail size.</strong> Everything looks fine when small. Use the comparison view at 100% zoom to make real decisions.</p>

<h3>Where to go next</h3>
<p>Once you are comfortable, read our guide to JPEG optimisation for the details behind the quality slider, and the PNG versus JPEG comparison to pick the right format every time. Compressing images is one of the cheapest, fastest improvements you can make to a website, and now you know how.</p>
`;
