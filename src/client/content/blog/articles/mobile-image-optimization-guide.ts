export default `
<p>More than half of web traffic now comes from phones, and phones are where image problems hurt most: smaller data allowances, slower and more variable networks, less memory and slower processors for decoding. At the same time, phone screens have high pixel densities that make blurry images obvious. Mobile image optimisation is about resolving that tension: sending sharp images, but never more bytes than a particular device and connection can use.</p>

<h3>Pixel density and the 2x rule</h3>
<p>A phone that reports a viewport 390 CSS pixels wide may have a physical screen three times that width. The ratio is the device pixel ratio (DPR). An image displayed at 390 CSS pixels looks sharpest at 1170 real pixels on such a screen, but the visible benefit above about 2x is small while the byte cost keeps growing. A practical rule is to serve images at up to twice their displayed CSS size and to compress high-DPR images a little harder: extra pixels hide compression artefacts, so a 2x image at quality 70 often looks better than a 1x image at quality 85.</p>

<h3>Responsive images with srcset and sizes</h3>
<p>The browser knows the screen width, the DPR and the layout; you know which image files exist. The <code>srcset</code> and <code>sizes</code> attributes connect the two:</p>
<pre><code>&lt;img
  src="/img/harbour-800.jpg"
  srcset="/img/harbour-400.jpg 400w, /img/harbour-800.jpg 800w,
          /img/harbour-1200.jpg 1200w, /img/harbour-1600.jpg 1600w"
  sizes="(min-width: 1024px) 50vw, 100vw"
  width="1600" height="1067"
  alt="Fishing boats moored in a small harbour at sunrise"&gt;</code></pre>
<p>Here <code>srcset</code> lists the available widths and <code>sizes</code> tells the browser how wide the image will be displayed: half the viewport on large screens, the full width otherwise. The browser then picks the smallest file that is sharp enough for the current device. The <code>width</code> and <code>height</code> attributes give the aspect ratio so space is reserved before the image loads, which prevents layout shift.</p>

<h3>Art direction with the picture element</h3>
<p>Sometimes a wide landscape shot simply does not work on a narrow portrait screen; the subject becomes a speck. The <code>&lt;picture&gt;</code> element lets you provide a different crop for small screens with <code>&lt;source media="..."&gt;</code> elements, while <code>&lt;img&gt;</code> remains the fallback. Use it when the composition must change, and plain <code>srcset</code> when only the size changes.</p>

<h3>Network-aware quality</h3>
<p>Connection quality on mobile varies enormously, from fast Wi-Fi to congested 3G. If you generate several quality variants, you can choose between them by network conditions. These are sensible starting points for JPEG quality:</p>
<ul>
<li><strong>2G and 3G:</strong> 50 to 60. Visible softness is better than an image that never arrives.</li>
<li><strong>4G:</strong> 70 to 80.</li>
<li><strong>Wi-Fi:</strong> 80 to 90.</li>
<li><strong>Unknown:</strong> 70, a safe middle ground.</li>
</ul>
<p>In Chromium-based browsers the Network Information API exposes <code>navigator.connection.effectiveType</code>, with values such as <code>3g</code> or <code>4g</code> estimated from measured round-trip time and throughput, and <code>saveData</code>, which is true when the user has asked for reduced data usage. Other browsers do not implement the API, so treat it as a progressive enhancement and fall back to the "unknown" setting. On the server side, the <code>Save-Data: on</code> request header carries the same preference and lets you serve lighter images without any script.</p>

<h3>Lazy loading and priority</h3>
<p>Phones have small viewports, so most images on a long page start off-screen. Native <code>loading="lazy"</code> defers them until the reader scrolls near, which saves data for people who never scroll that far. Do not lazy-load the first visible image, though: it is usually the Largest Contentful Paint element, and deferring it makes LCP worse. Give that image <code>fetchpriority="high"</code> instead.</p>

<h3>Decoding cost and memory</h3>
<p>A compressed file is small on the network but not in memory: the browser decodes it to raw pixels, four bytes each. A 4000×3000 photo needs roughly 48 MB once decoded, whatever its file size. On lower-end phones, several such images can cause stuttering scrolling or even reloads of the tab. Serving images at the size they are displayed keeps memory under control; <code>decoding="async"</code> lets the browser decode off the critical path.</p>

<h3>Performance targets</h3>
<p>For mobile pages, aim for a PageSpeed performance score above 85, a Largest Contentful Paint under 2.5 seconds, a First Contentful Paint under 1.5 seconds and less than about 1 MB of images per page. Test on a mid-range phone or with network and CPU throttling in your browser's developer tools, because a fast laptop on office Wi-Fi hides almost every problem described here.</p>

<h3>Putting it together</h3>
<ol>
<li>Export each image in three or four widths covering 1x and 2x of its displayed sizes.</li>
<li>Compress each variant; harder for the largest, high-DPR versions.</li>
<li>Serve them with <code>srcset</code>, <code>sizes</code>, <code>width</code> and <code>height</code>.</li>
<li>Lazy-load everything below the first screen and prioritise the hero image.</li>
<li>Respect <code>Save-Data</code> and, where available, the effective connection type.</li>
<li>Measure on real or throttled mobile conditions before and after.</li>
</ol>
`;
