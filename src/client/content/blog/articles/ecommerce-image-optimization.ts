import { USER_FILES_TEXT } from '#client/content/limits-text.ts';

export default `
<p>In an online shop, photos do the job a shop assistant does in a store: they show the texture of the fabric, the grain of the wood and the size of the handbag next to a hand. Shoppers cannot touch the product, so they zoom, swipe and compare. That makes product imagery the most valuable content on an e-commerce site, and usually the heaviest. The goal of optimisation is to keep every detail a buyer cares about while removing every byte they never see.</p>

<h3>Why image weight costs sales</h3>
<p>Category pages are the worst offenders. A grid of forty products can easily pull in twenty megabytes of images if thumbnails are really full-size photos scaled down by the browser. On a fast office connection that goes unnoticed; on a phone in a train it means a blank grid, a shopper who gives up, and a search engine that records a slow Largest Contentful Paint. Speed is one of the few improvements that helps every visitor, every product and every marketing channel at once.</p>

<h3>Plan image sizes per template</h3>
<p>Most shops need only a handful of image sizes. Define them once, per page template, and export every product image to those sizes:</p>
<ul>
<li><strong>Grid thumbnails</strong> on category and search pages: usually 300 to 600 pixels wide. Compress them harder (quality around 70) because they are viewed small and there are many of them.</li>
<li><strong>Main product images</strong> on the product page: typically 1000 to 1600 pixels wide at quality around 80. This is usually the LCP element of the page, so it matters most.</li>
<li><strong>Zoom images</strong>: larger, often 2000 pixels or more, at quality 85 to 90 so fabric weave and stitching hold up under magnification. Load them only when the shopper actually zooms.</li>
<li><strong>Cart and checkout thumbnails</strong>: small, around 100 to 200 pixels, and compressed aggressively.</li>
</ul>
<p>Marketplaces often publish their own requirements, such as a minimum size on the longest side for zoom to work, or a plain white background for the main image. Check the rules of each channel you sell on and keep a master image large enough to satisfy the strictest one.</p>

<h3>Consistency makes compression easier</h3>
<p>Product photos shot against the same plain background, under the same lighting, compress predictably. A smooth white or light grey backdrop costs very few bytes, and a consistent look makes category grids feel calmer and more trustworthy. Busy, textured backgrounds are expensive to encode and distract from the product; keep them for lifestyle shots, where atmosphere is the point.</p>

<h3>Photos in JPEG, graphics in PNG</h3>
<p>Product photography belongs in JPEG. Badges, size charts, care-label icons and logos belong in PNG, where edges and text stay sharp and transparency is available. A common mistake is exporting everything from a design tool as PNG; a product photo saved that way can be many times larger than necessary. Only convert a PNG to JPEG when it has no transparency and the saving is substantial, more than half the file size.</p>

<h3>Process the catalogue in batches</h3>
<p>New collections usually arrive as folders of hundreds of images. Sort them by use (thumbnails, main images, zoom images), pick one preset per group, and run each group through the compressor. With a free account you can queue up to ${USER_FILES_TEXT} per batch, pause the queue if you spot a wrong setting and download everything as one ZIP. Spot-check the most detailed product and the one with the smoothest gradient at 100% zoom before you publish the rest.</p>
<p>Name files after the product, not the camera: <code>linen-shirt-navy-front.jpg</code> helps image search, makes your media library searchable and prevents mix-ups between colour variants.</p>

<h3>Metadata and privacy</h3>
<p>Photos from phones and cameras carry EXIF data: camera settings, timestamps, sometimes the GPS position of your studio or home. None of it helps a shopper, and some of it you would rather not publish. Our compressor strips this metadata after applying the photo's orientation, so images stay upright and your location stays private.</p>

<h3>Measure what matters</h3>
<p>Before optimising, record your category and product pages' LCP and total image weight with PageSpeed Insights. Afterwards, measure again. Good targets are an LCP under 2.5 seconds and less than about 1 MB of images on the first screen of a category page. Then watch your own analytics over the following weeks: bounce rate on mobile category pages and the share of sessions that reach a product page are the numbers most likely to move.</p>

<h3>A checklist for shop owners</h3>
<ul>
<li>Define thumbnail, main, zoom and cart sizes for your theme and export to them.</li>
<li>Compress thumbnails around 70, main images around 80, zoom images at 85 to 90.</li>
<li>Shoot on consistent, plain backgrounds for catalogue images.</li>
<li>Keep graphics and badges in PNG; keep photos in JPEG.</li>
<li>Name files after products and write alt text describing each variant.</li>
<li>Load zoom images on demand and lazy-load grid images below the first screen.</li>
</ul>
`;
