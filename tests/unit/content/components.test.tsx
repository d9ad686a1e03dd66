// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FaqAccordion, nextFocusIndex } from '#client/components/content/faq-accordion.tsx';
import { shiftHeadings } from '#client/components/content/html-content.tsx';
import { FAQ_ITEMS } from '#client/content/faq.ts';
import { GUEST_MAX_SIZE_TEXT, QUEUE_RULES_TEXT, RETENTION_TEXT, USER_FILES_TEXT } from '#client/content/limits-text.ts';

afterEach(cleanup);

describe('FaqAccordion', () => {
  const questions = () => screen.getAllByRole('button', { expanded: undefined }).filter((b) => b.hasAttribute('aria-controls'));

  it('starts closed, opens one answer at a time and closes it again', () => {
    render(<FaqAccordion items={FAQ_ITEMS} />);
    const buttons = questions();
    expect(buttons).toHaveLength(13);
    expect(buttons.every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);

    fireEvent.click(buttons[0]!);
    expect(buttons[0]).toHaveProperty('ariaExpanded', 'true');
    const panel = document.getElementById(buttons[0]!.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    expect(panel.getAttribute('role')).toBe('region');
    expect(panel.getAttribute('aria-labelledby')).toBe(buttons[0]!.id);

    fireEvent.click(buttons[3]!);
    expect(buttons[0]!.getAttribute('aria-expanded')).toBe('false');
    expect(buttons[3]!.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelectorAll('[role="region"]:not([hidden])')).toHaveLength(1);

    fireEvent.click(buttons[3]!);
    expect(document.querySelectorAll('[role="region"]:not([hidden])')).toHaveLength(0);
  });

  it('moves focus with arrows (wrapping), Home and End', () => {
    render(<FaqAccordion items={FAQ_ITEMS} />);
    const buttons = questions();
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[12]);
    fireEvent.keyDown(buttons[12]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons[12]);
    fireEvent.keyDown(buttons[12]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('computes focus targets purely', () => {
    expect(nextFocusIndex('ArrowDown', 2, 5)).toBe(3);
    expect(nextFocusIndex('ArrowUp', 0, 5)).toBe(4);
    expect(nextFocusIndex('Home', 3, 5)).toBe(0);
    expect(nextFocusIndex('End', 0, 5)).toBe(4);
    expect(nextFocusIndex('Enter', 0, 5)).toBeNull();
  });
});

describe('AdSlot', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete window.__AD_CLIENT_ID__;
    document.head.querySelectorAll('script[data-ad-loader]').forEach((s) => s.remove());
  });

  it('renders nothing and warns once for any number of slots without a client id', async () => {
    vi.resetModules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { AdSlot } = await import('#client/components/ads/ad-slot.tsx');
    const { container } = render(
      <div>
        <AdSlot size="leaderboard" slot="a" />
        <AdSlot size="medium" slot="b" />
        <AdSlot size="skyscraper" slot="c" />
      </div>,
    );
    expect(container.firstElementChild!.childElementCount).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('reserves the slot size and loads the ad script once with a client id', async () => {
    vi.resetModules();
    window.__AD_CLIENT_ID__ = 'ca-pub-0000000000000000';
    const { AdSlot } = await import('#client/components/ads/ad-slot.tsx');
    render(
      <div>
        <AdSlot size="leaderboard" slot="1111" />
        <AdSlot size="skyscraper" slot="2222" />
      </div>,
    );
    const slots = screen.getAllByTestId('ad-slot');
    expect(slots.map((s) => [s.style.width, s.style.minHeight])).toEqual([
      ['728px', '90px'],
      ['160px', '600px'],
    ]);
    const ins = slots[0]!.querySelector('ins.adsbygoogle') as HTMLElement;
    expect(ins.dataset.adClient).toBe('ca-pub-0000000000000000');
    expect(ins.dataset.adSlot).toBe('1111');
    expect(document.head.querySelectorAll('script[data-ad-loader]')).toHaveLength(1);
    expect(window.adsbygoogle).toHaveLength(2);
  });
});

describe('content helpers', () => {
  it('shifts heading levels in article HTML', () => {
    expect(shiftHeadings('<h3 id="a">A</h3><p>x</p><h4>B</h4>', 1)).toBe('<h4 id="a">A</h4><p>x</p><h5>B</h5>');
    expect(shiftHeadings('<h3>A</h3>', 0)).toBe('<h3>A</h3>');
  });

  it('derives limit wording from the contract', () => {
    expect(GUEST_MAX_SIZE_TEXT).toBe('10 MB');
    expect(USER_FILES_TEXT).toBe('50 files');
    expect(RETENTION_TEXT).toBe('within 24 hours');
    expect(QUEUE_RULES_TEXT).toBe('Up to 3 files are compressed at once; failed files are retried up to 3 times.');
  });
});
