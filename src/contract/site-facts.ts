// What the About and Help pages say about this instance: figures counted by its own database, and facts only its
// operator can vouch for (team, founding year, uptime, compliance, customer words), which are empty unless the
// operator sets them (README, "What the About page says"). Nothing here is invented by the software.
import { z } from 'zod';

export const testimonialFactSchema = z
  .object({
    name: z.string().min(1).max(80),
    role: z.string().max(80).default(''),
    company: z.string().max(80).default(''),
    content: z.string().min(1).max(600),
    rating: z.number().int().min(1).max(5).default(5),
    /** A measured result the customer reported ("68% smaller product images"). */
    stats: z.string().max(80).optional(),
  })
  .meta({ id: 'Testimonial' });

export const operatorFactsSchema = z
  .object({
    founded: z.string().nullable(),
    team: z.string().nullable(),
    uptime: z.string().nullable(),
    compliance: z.array(z.string()),
    testimonials: z.array(testimonialFactSchema),
  })
  .meta({ id: 'OperatorFacts' });

export const siteFactsSchema = z
  .object({
    /** Images this instance has compressed since its database was created (a re-tune of the same image not counted again). */
    imagesCompressed: z.number().int().min(0),
    /** Bytes those compressions saved, originals minus results, at their first completion. */
    bytesSaved: z.number().int().min(0),
    /** Registered accounts (guests are not counted). */
    users: z.number().int().min(0),
    operator: operatorFactsSchema,
  })
  .meta({ id: 'SiteFacts' });

export type TestimonialFact = z.output<typeof testimonialFactSchema>;
export type OperatorFacts = z.output<typeof operatorFactsSchema>;
export type SiteFacts = z.output<typeof siteFactsSchema>;

/** The env setting's JSON: a list of testimonials (SITE_TESTIMONIALS). */
export const testimonialsSettingSchema = z.array(testimonialFactSchema).max(12);
