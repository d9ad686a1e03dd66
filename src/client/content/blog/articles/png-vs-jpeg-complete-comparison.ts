export default `
<p>"Should this be a PNG or a JPEG?" is one of the most common questions we hear, and the answer is rarely about which format is better. They were designed for different kinds of pictures, and picking the right one often saves more bytes than any compression setting.</p>

<h3>Two different ideas of compression</h3>
<p><strong>JPEG is lossy.</strong> It throws away detail the eye is unlikely to miss: fine colour variation, high-frequency texture, tiny differences between neighbouring pixels. It is superb at photographs, where those details are noise anyway, and poor at sharp edges and flat colour, where its 8×8 blocks and ringing artefacts become visible.</p>
<p><strong>PNG is lossless.</strong> Every pixel you put in comes out unchanged. Before compressing, PNG runs a <em>filter</em> on each row of pixels, predicting each value from its neighbours (the filters are called None, Sub, Up, Average and Paeth) and storing only the difference. It then compresses the result with DEFLATE, the same algorithm used in ZIP files. Areas of flat colour and repeated patterns turn into tiny differences that compress to almost nothing, which is why a screenshot of a user interface can be a small PNG and a huge JPEG.</p>

<h3>Where each format wins</h3>
<ul>
<li><strong>Photographs and realistic artwork:</strong> JPEG. A photo saved as PNG is commonly several times larger than a good JPEG of the same image, with no visible benefit.</li>
<li><strong>Screenshots, diagrams, charts and text:</strong> PNG. Sharp edges and flat colour stay crisp, and the file is often smaller than a JPEG that looks acceptable.</li>
<li><strong>Logos, icons and anything with transparency:</strong> PNG. JPEG has no alpha channel at all, so transparent areas would be filled with a solid colour.</li>
<li><strong>Images you will edit again:</strong> PNG (or the original camera file), because lossless storage avoids generation loss between edits.</li>
</ul>

<h3>Lossy PNG: the best of both, sometimes</h3>
<p>PNG can also store an image as a palette of up to 256 colours, one byte per pixel instead of three or four. Tools built on libimagequant, such as pngquant, choose the best possible palette for an image and use dithering to hide the reduction. The result is still a normal PNG that any browser shows, including transparency, but it is often 60 to 80 percent smaller than the full-colour original. It is lossy in the sense that colours are merged, yet for logos, illustrations and most screenshots the difference is very hard to spot.</p>
<p>Our PNG compression combines both ideas: palette quantisation where the image suits it, followed by a lossless optimisation pass that tries different filter and DEFLATE settings to squeeze out the remaining bytes. Fully lossless optimisation alone typically saves a more modest share, because the pixel data cannot change.</p>

<h3>A side-by-side summary</h3>
<ul>
<li><strong>Compression:</strong> JPEG lossy (quality adjustable); PNG lossless, with optional palette reduction.</li>
<li><strong>Transparency:</strong> JPEG none; PNG full 8-bit alpha.</li>
<li><strong>Colour depth:</strong> JPEG 8 bits per channel; PNG up to 16 bits per channel, or a palette.</li>
<li><strong>Best for:</strong> JPEG photos; PNG graphics, text, user interface captures and transparency.</li>
<li><strong>Progressive display:</strong> JPEG progressive scans; PNG Adam7 interlacing (which usually makes files larger, so we do not use it).</li>
<li><strong>Repeated saving:</strong> JPEG degrades each time; PNG never changes the pixels.</li>
</ul>

<h3>When converting PNG to JPEG is worth it</h3>
<p>Many sites carry photographs that were saved as PNG by accident, typically exports from design tools. Converting those to JPEG can be a big win, but only under two conditions. First, the image must have no transparency, since JPEG cannot store it. Second, the saving should be large, more than half the file size; if the JPEG only saves a little, the loss of exact pixels is not worth it. Flat graphics usually fail the second test, while photographs usually pass it easily.</p>
<p>Our compressor keeps each file in its own format unless you ask otherwise, so a PNG comes back as a PNG and a JPEG as a JPEG. If you decide a conversion makes sense, pick JPEG under <em>Output format</em>; transparent areas are then filled with a background colour of your choice.</p>

<h3>What about WebP and AVIF?</h3>
<p>Newer formats such as WebP and AVIF can beat both JPEG and PNG on size, and modern browsers support them. They are not yet universal in email clients, older software and many upload forms, which is why JPEG and PNG remain the safest formats to deliver there. For web pages, choose WebP or AVIF under <em>Output format</em>, or <em>Auto</em>, which keeps the smallest file among the formats your browser can show, at the same visual quality and never larger than your original.</p>

<h3>The short answer</h3>
<p>Photographs: JPEG at around quality 80. Anything with text, sharp edges, flat colour or transparency: PNG, ideally palette-optimised. When in doubt, compress both and compare them at full size with the before-and-after view; the right choice is usually obvious within seconds.</p>
`;
