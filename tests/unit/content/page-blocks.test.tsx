// @vitest-environment jsdom
// The building blocks content pages are assembled from: sections, the two-column body, tables, feature grids,
// testimonial cards, fact lists and sidebar links.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Camera, Upload } from 'lucide-react';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { TwoColumnPage } from '#client/components/content/two-column-page.tsx';
import { DataTable, type DataColumn } from '#client/components/content/data-table.tsx';
import { FeatureGrid } from '#client/components/content/feature-grid.tsx';
import { FactList } from '#client/components/content/fact-list.tsx';
import { TestimonialCard } from '#client/components/content/cards.tsx';
import { SidebarLinks, inPageLinks } from '#client/components/content/sidebar-card.tsx';
import { WorkflowExplainer } from '#client/components/tool/workflow-explainer.tsx';
import { IndustrySolutions } from '#client/components/tool/industry-solutions.tsx';
import { FeaturePanel } from '#client/components/auth/feature-panel.tsx';
import { GUEST_MAX_SIZE_TEXT, RETENTION_TEXT } from '#client/content/limits-text.ts';
import type { Feature, Testimonial } from '#client/content/types.ts';

afterEach(cleanup);

interface Plan {
  name: string;
  price: string;
  files: number;
}
const PLANS: Plan[] = [
  { name: 'Guest', price: 'Free', files: 10 },
  { name: 'Account', price: 'Free', files: 50 },
];
const PLAN_COLUMNS: DataColumn<Plan>[] = [
  { header: 'Plan', cell: (p) => p.name },
  { header: 'Price', cell: (p) => p.price },
  { header: 'Files per batch', cell: (p) => p.files },
];

const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => [c.tagName, c.textContent]);

describe('DataTable', () => {
  it('renders a captioned table: column headers, then one row per item with the first cell as its row header', () => {
    render(<DataTable caption="Plans compared" columns={PLAN_COLUMNS} rows={PLANS} rowKey={(p) => p.name} />);
    const table = screen.getByRole('table', { name: 'Plans compared' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(within(head!).getAllByRole('columnheader').map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Plan', 'col'],
      ['Price', 'col'],
      ['Files per batch', 'col'],
    ]);
    expect(rows.map(cellTexts)).toEqual([
      [['TH', 'Guest'], ['TD', 'Free'], ['TD', '10']],
      [['TH', 'Account'], ['TD', 'Free'], ['TD', '50']],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').getAttribute('scope')).toBe('row');
  });

  it('uses plain cells throughout when no column names the row', () => {
    render(<DataTable caption="Plans" columns={PLAN_COLUMNS} rows={PLANS} rowKey={(p) => p.name} rowHeaders={false} look="plain" />);
    const rows = within(screen.getByRole('table', { name: 'Plans' })).getAllByRole('row').slice(1);
    expect(rows.map(cellTexts)[0]).toEqual([['TD', 'Guest'], ['TD', 'Free'], ['TD', '10']]);
    expect(screen.queryAllByRole('rowheader')).toHaveLength(0);
  });
});

describe('ContentSection and TwoColumnPage', () => {
  it('names each section by its heading, whose id is the in-page anchor, and puts the sidebar in its own landmark after the main column', () => {
    render(
      <TwoColumnPage asideLabel="Help sidebar" aside={<p>Side</p>}>
        <ContentSection id="faq" title="Questions" subtitle="Pick one.">
          <p>Body</p>
        </ContentSection>
      </TwoColumnPage>,
    );
    const section = screen.getByRole('region', { name: 'Questions' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Questions' }).id).toBe('faq');
    expect(within(section).getByText('Pick one.')).toBeTruthy();
    expect(within(section).getByText('Body')).toBeTruthy();
    const aside = screen.getByRole('complementary', { name: 'Help sidebar' });
    expect(within(aside).getByText('Side')).toBeTruthy();
    expect(section.compareDocumentPosition(aside) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

const FEATURES: Feature[] = [
  { icon: Upload, title: 'Upload', description: 'Drop files.' },
  { icon: Camera, title: 'Compare', description: 'Check the result.', points: ['Split view', 'Zoom'] },
];

describe('FeatureGrid', () => {
  it('lists each feature as a titled item with its text and check list', () => {
    const { container } = render(<FeatureGrid items={FEATURES} />);
    const grid = container.firstElementChild as HTMLElement;
    expect(grid.tagName).toBe('UL');
    const items = [...grid.children] as HTMLElement[];
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(['Upload', 'Compare']);
    expect(within(items[1]!).getByText('Check the result.')).toBeTruthy();
    expect(within(items[1]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Split view', 'Zoom']);
  });

  it('numbers steps in an ordered list, at the heading level asked for', () => {
    const { container } = render(<FeatureGrid items={FEATURES} numbered level={4} />);
    const list = container.firstElementChild as HTMLElement;
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['1. Upload', '2. Compare']);
  });
});

const TESTIMONIAL: Testimonial = {
  name: 'Maria Lopez',
  role: 'Manager',
  company: 'Linen & Loom',
  content: 'Faster pages.',
  rating: 4,
  stats: '68% smaller',
};

describe('TestimonialCard', () => {
  it('shows the quote, the rating in words, the result, and who said it', () => {
    render(<TestimonialCard testimonial={TESTIMONIAL} />);
    const figure = screen.getByRole('figure');
    expect(within(figure).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(figure.querySelector('blockquote')!.textContent).toBe('“Faster pages.”');
    expect(within(figure).getByText('68% smaller')).toBeTruthy();
    const caption = figure.querySelector('figcaption')!;
    expect(caption.textContent).toBe('Maria LopezManager, Linen & Loom');
  });

  it('vouches for nobody: no "verified" badge or words, and no empty result line', () => {
    render(<TestimonialCard testimonial={{ ...TESTIMONIAL, stats: undefined, role: '' }} />);
    const figure = screen.getByRole('figure');
    expect(figure.textContent).not.toMatch(/verified/i);
    expect(figure.querySelector('svg[class*="badge"]')).toBeNull();
    expect(figure.querySelector('figcaption')!.textContent).toBe('Maria LopezLinen & Loom');
    expect(figure.querySelectorAll('p')).toHaveLength(0);
  });
});

describe('FactList and SidebarLinks', () => {
  it('pairs each term with its detail', () => {
    render(<FactList facts={[{ term: 'Images', detail: 'within 24 hours' }, { term: 'Logs', detail: '90 days' }]} />);
    const terms = [...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.tagName, dt.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Images', 'DD', 'within 24 hours'],
      ['Logs', 'DD', '90 days'],
    ]);
  });

  it('links in-page anchors and routes inside a named navigation landmark', () => {
    render(<SidebarLinks title="On this page" navLabel="Policy sections" links={[...inPageLinks([{ id: 'cookies', label: 'Cookies' }]), { href: '/terms', label: 'Terms' }]} />);
    const nav = screen.getByRole('navigation', { name: 'Policy sections' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Cookies', '#cookies'],
      ['Terms', '/terms'],
    ]);
    expect(screen.getByRole('heading', { name: 'On this page' })).toBeTruthy();
  });
});

describe('the tool and sign-in marketing blocks', () => {
  it('render their copy from content/ through the feature grid, limits stated from the contract', () => {
    render(
      <>
        <WorkflowExplainer />
        <IndustrySolutions />
        <FeaturePanel />
      </>,
    );
    const workflow = screen.getByRole('region', { name: 'How it works' });
    expect(within(workflow).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['1. Upload', '2. Choose quality', '3. Compare', '4. Download']);
    expect(within(workflow).getByText(new RegExp(`deleted ${RETENTION_TEXT}`))).toBeTruthy();

    const solutions = screen.getByRole('region', { name: 'Solutions for every industry' });
    expect(within(solutions).getAllByRole('heading', { level: 3 })).toHaveLength(6);

    const panel = screen.getByRole('complementary', { name: 'Why create an account?' });
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['No size limit', 'Compression history', 'Personal dashboard', 'Private by design']);
    expect(within(panel).getByText(new RegExp(`up to ${GUEST_MAX_SIZE_TEXT} each`))).toBeTruthy();
  });
});
