// The About page's figures come from this instance's own database: GET /api/stats counts images compressed and bytes
// saved as jobs first complete (a re-tune is not a second image, and the totals outlive deleted jobs) and registered
// users; the operator's facts are empty unless set (docs/decisions/0550-about-figures-from-this-instance.md).
import { describe, expect, it } from 'vitest';
import type { Job } from '#contract/api';
import type { SiteFacts } from '#contract/site-facts';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { signedInUser } from '../support/api-keys';
import { waitForSettled } from '../support/jobs';

const stats = async (url: string) => {
  const res = await new HttpClient(url).get('/api/stats');
  expect(res.status).toBe(200);
  return (await res.json()) as SiteFacts;
};

describe('GET /api/stats: this instance\'s own figures', () => {
  const server = useServer();

  it('starts at zero with no operator facts, then counts completed images, bytes saved and users', async () => {
    const before = await stats(server.url);
    expect(before).toEqual({
      imagesCompressed: 0,
      bytesSaved: 0,
      users: 0,
      operator: { founded: null, team: null, uptime: null, compliance: [], testimonials: [] },
    });

    const guest = new HttpClient(server.url);
    const upload = await guest.upload([fileFrom(corpusPath('photos', 'kodim03.png')), fileFrom(corpusPath('photos', 'kodim05.png'))]);
    expect(upload.status).toBe(201);
    const done = (await waitForSettled(guest)) as Job[];
    expect(done.map((j) => j.status)).toEqual(['completed', 'completed']);
    const saved = done.reduce((sum, j) => sum + j.originalSize - j.compressedSize!, 0);
    expect(saved).toBeGreaterThan(0);

    const after = await stats(server.url);
    expect(after.imagesCompressed).toBe(2);
    expect(after.bytesSaved).toBe(saved);

    // A re-tune compresses the same image again: not a third image.
    expect((await guest.post(`/api/jobs/${done[0]!.id}/recompress`, { quality: 40 })).status).toBe(200);
    await waitForSettled(guest);
    expect((await stats(server.url)).imagesCompressed).toBe(2);

    // Deleting the jobs (as the retention sweep does) keeps what they counted.
    expect((await guest.delete('/api/jobs')).status).toBe(200);
    expect((await stats(server.url)).imagesCompressed).toBe(2);

    await signedInUser(server.url, 'stats-user');
    expect((await stats(server.url)).users).toBe(1);
  });
});

describe('GET /api/stats: the operator\'s facts', () => {
  const testimonial = { name: 'Ana Ruiz', role: 'Shop owner', company: 'Ruiz Ceramics', content: 'Our product pages load faster.', rating: 5, stats: '61% smaller photos' };
  const server = useServer({
    env: {
      SITE_FOUNDED: '2023',
      SITE_TEAM: '3 people',
      SITE_UPTIME: '99.95% over the last 90 days',
      SITE_COMPLIANCE: 'GDPR, ISO 27001 (certificate 123)',
      SITE_TESTIMONIALS: JSON.stringify([testimonial]),
    },
  });

  it('are what the operator set, and nothing more', async () => {
    expect((await stats(server.url)).operator).toEqual({
      founded: '2023',
      team: '3 people',
      uptime: '99.95% over the last 90 days',
      compliance: ['GDPR', 'ISO 27001 (certificate 123)'],
      testimonials: [testimonial],
    });
  });
});
