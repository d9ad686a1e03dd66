export default `
<p>Images influence search in two ways. Directly, they can rank on their own in image search and appear beside results, which brings visitors who search visually. Indirectly, they are usually the heaviest part of a page, so they decide much of how fast that page feels, and page experience is part of how search engines judge it. Good image SEO covers both: helping engines understand your images and making sure those images do not slow your pages down.</p>

<h3>Help search engines understand the image</h3>
<p><strong>Descriptive file names.</strong> A file called <code>red-leather-hiking-boots.jpg</code> says something; <code>DSC_0042.jpg</code> says nothing. Use lowercase words separated by hyphens, describe what is in the picture, and keep it short. Search engines do read file names, and so do people who download your images.</p>
<p><strong>Alt text that describes.</strong> The <code>alt</code> attribute exists first for people who cannot see the image: screen reader users and anyone whose connection failed to load it. Write what the image shows in the context of the page, in a sentence or less: "Red leather hiking boots with orange laces, side view". Avoid stuffing keywords or starting with "image of". Purely decorative images should have an empty <code>alt=""</code> so assistive technology skips them.</p>
<p><strong>Context around the image.</strong> Captions, nearby headings and the surrounding paragraph all help engines decide what an image is about. An image placed next to text that discusses it carries more meaning than the same image in an unrelated gallery.</p>
<p><strong>Use real image elements.</strong> Content images should be <code>&lt;img&gt;</code> or <code>&lt;picture&gt;</code> elements, not CSS backgrounds, which search engines generally do not index as images. Listing important images in an image sitemap, or including them in your existing sitemap, helps crawlers find images that are loaded by scripts.</p>
<p><strong>Structured data.</strong> For products, recipes, articles and similar content, schema.org markup can reference the main image. That is what makes rich results with thumbnails possible.</p>

<h3>Core Web Vitals and images</h3>
<p>Three metrics summarise how a page feels, and images affect all of them.</p>
<ul>
<li><strong>Largest Contentful Paint (LCP)</strong> measures when the largest element in the viewport appears. On most pages that element is an image: the hero banner, the product photo, the article header. A good LCP is 2.5 seconds or less; above 4 seconds is poor. A smaller file is the most direct way to improve it.</li>
<li><strong>Cumulative Layout Shift (CLS)</strong> measures how much the page jumps around while loading. Images without reserved space are a classic cause: the text loads, the reader starts reading, and then an image pushes everything down. Keep CLS at 0.1 or less.</li>
<li><strong>Interaction to Next Paint (INP)</strong> measures how quickly the page responds to input. Decoding very large images on the main thread can delay responses on low-end phones, another reason not to ship more pixels than you display.</li>
</ul>

<h3>Technical checklist for fast images</h3>
<p><strong>Compress every image.</strong> Most photos can lose half or more of their bytes with no visible change at a web-appropriate quality around 80. Aim to keep the total image weight of a typical page under about 1 MB.</p>
<p><strong>Always set width and height.</strong> Add <code>width</code> and <code>height</code> attributes that match the image's aspect ratio. Browsers use them to reserve space before the file arrives, which eliminates image-driven layout shift even when CSS makes the image responsive.</p>
<p><strong>Lazy-load below the fold, never the LCP image.</strong> <code>loading="lazy"</code> defers off-screen images until the reader scrolls near them, saving bandwidth. But the hero image must load immediately: lazy-loading it delays LCP. For that image, consider <code>fetchpriority="high"</code> so the browser fetches it before less important resources.</p>
<p><strong>Serve the right size.</strong> With <code>srcset</code> and <code>sizes</code> the browser chooses a file that matches the screen, so phones do not download desktop-sized images.</p>
<p><strong>Cache for a long time.</strong> Images rarely change; give them long cache lifetimes and change the file name when the image changes.</p>

<h3>Measuring progress</h3>
<p>Lab tools such as Lighthouse and PageSpeed Insights show what is slow and why, and they point at oversized or unoptimised images explicitly. A PageSpeed performance score above 85, an LCP under 2.5 seconds and a First Contentful Paint under 1.5 seconds are sensible targets for content pages. Field data from real visitors, such as the Chrome User Experience Report shown in Search Console, tells you whether changes helped the people who actually use your site. Check both before and after a round of optimisation so you can see the effect.</p>

<h3>A practical order of work</h3>
<ol>
<li>Find your heaviest pages and their LCP elements with PageSpeed Insights.</li>
<li>Resize and compress those images first; they give the quickest wins.</li>
<li>Add width and height attributes everywhere to remove layout shift.</li>
<li>Lazy-load images below the fold and prioritise the hero image.</li>
<li>Rename files and write alt text as you touch each image.</li>
<li>Add images to structured data and sitemaps for key pages.</li>
</ol>
<p>Image SEO is not a trick; it is the sum of many small, honest improvements. Pages that load quickly and describe their images well are better for readers, and search engines are built to reward exactly that.</p>
`;
