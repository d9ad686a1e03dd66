// Sanitised SVGs opened as pages in a real Chromium, as a site publishing the result would serve them (image/svg+xml
// from a loopback server): the published XSS vectors (tests/fixtures/svg-xss) and the review's payloads, each
// clicked in the middle. No dialog opens, no script of the document is compiled (watched through the DevTools
// protocol), and no request leaves the page but the document itself. The same harness first opens the review's
// payloads unsanitised and sees them run or fetch, so a pass means the sanitiser stopped them, not that the check
// was blind.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodecError } from '#codec-core/index';
import { optimisedSvg } from '#server/codec/svg/sanitise-svg';
import { launchBrowser } from '../support/browser';
import { REVIEW_PAYLOADS, svgXssDocuments } from '../support/svg-xss';

interface Outcome {
  dialogs: string[];
  scripts: number;
  requests: string[];
}

describe('sanitised SVGs opened as pages in Chromium', () => {
  let browser: Browser;
  let server: http.Server;
  let origin = '';
  const served = new Map<string, string>();
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const svg = served.get(req.url ?? '');
      if (svg !== undefined) {
        res.setHeader('content-type', 'image/svg+xml');
        res.end(svg);
        return;
      }
      if (req.url !== '/favicon.ico') hits.push(req.url ?? '');
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /**
   * One page, watched for the whole test: dialogs, requests, and every script compiled in the page's own world (the
   * document's; our frame waits run in an isolated world of their own, so they are not counted).
   */
  let page: Page;
  let cdp: CDPSession;
  let current: Outcome = { dialogs: [], scripts: 0, requests: [] };
  let currentPath = '';
  const pageWorlds = new Set<number>();

  beforeAll(async () => {
    page = await browser.newPage();
    page.on('dialog', (dialog) => {
      current.dialogs.push(dialog.message());
      void dialog.dismiss().catch(() => {});
    });
    page.on('request', (request) => {
      const url = request.url();
      if (url !== `${origin}${currentPath}` && !url.startsWith('data:')) current.requests.push(url);
    });
    cdp = await page.context().newCDPSession(page);
    cdp.on('Runtime.executionContextCreated', ({ context }) => {
      if ((context.auxData as { isDefault?: boolean } | undefined)?.isDefault) pageWorlds.add(context.id);
    });
    cdp.on('Debugger.scriptParsed', (script) => {
      if (pageWorlds.has(script.executionContextId)) current.scripts += 1;
    });
    await cdp.send('Runtime.enable');
    await cdp.send('Debugger.enable');
  });

  /** Two rendered frames, waited for from an isolated world: animations that begin at 0s have been applied. */
  async function twoFrames(): Promise<void> {
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'svg-xss-check' });
    await cdp.send('Runtime.evaluate', { expression: 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))', contextId: executionContextId, awaitPromise: true });
  }

  /** Opens one SVG as a page, clicks its middle, and reports what ran and what was asked for. */
  async function open(key: string, svg: string): Promise<Outcome> {
    currentPath = `/doc/${served.size}`;
    served.set(currentPath, svg);
    current = { dialogs: [], scripts: 0, requests: [] };
    const hitsBefore = hits.length;
    try {
      await page.goto(`${origin}${currentPath}`, { waitUntil: 'load' });
      await twoFrames();
      await page.mouse.click(50, 50);
      await page.waitForLoadState('load');
      await twoFrames().catch(() => {}); // a click that navigated away leaves no frame to wait on
    } catch (err) {
      throw new Error(`${key}: ${String(err)}`);
    }
    return { ...current, requests: [...current.requests, ...hits.slice(hitsBefore)] };
  }

  const withHost = (svg: string) => svg.replaceAll('HIT', origin);

  it('sees the review\'s payloads run or fetch when they are not sanitised', async () => {
    const seen: Record<string, boolean> = {};
    for (const name of ['srcdocIframe', 'setHref', 'animateHref', 'cssEscapedImport', 'aliasedXlink', 'imageSet', 'plainScript', 'prefixedScript', 'onload', 'foreignObject']) {
      const outcome = await open(name, withHost(REVIEW_PAYLOADS[name]!));
      seen[name] = outcome.dialogs.length > 0 || outcome.scripts > 0 || outcome.requests.length > 0;
    }
    expect(Object.entries(seen).filter(([, ran]) => !ran)).toEqual([]);
  });

  it('nothing runs and nothing is fetched from any sanitised result', async () => {
    const documents = [...svgXssDocuments(), ...Object.entries(REVIEW_PAYLOADS).map(([name, svg]) => ({ name: `review ${name}`, svg }))];
    const problems: string[] = [];
    let opened = 0;
    for (const { name, svg } of documents) {
      let result: string;
      try {
        result = (await optimisedSvg(Buffer.from(withHost(svg)))).svg;
      } catch (err) {
        expect(err, name).toBeInstanceOf(CodecError);
        continue;
      }
      const outcome = await open(name, result);
      opened += 1;
      if (outcome.dialogs.length) problems.push(`${name}: dialog ${outcome.dialogs.join(' ')}`);
      if (outcome.scripts) problems.push(`${name}: ${outcome.scripts} script(s) compiled`);
      if (outcome.requests.length) problems.push(`${name}: fetched ${outcome.requests.join(' ')}`);
    }
    expect(problems).toEqual([]);
    expect(opened).toBeGreaterThanOrEqual(100);
  });
});
