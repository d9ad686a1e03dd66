// Help Center: tips, FAQ (with FAQPage structured data), troubleshooting, advanced topics, contact and status.
import { CircleAlert, CircleCheck, Code, Lightbulb, Loader2, Mail } from 'lucide-react';
import { Link } from 'wouter';
import { ContentPage } from '#client/components/content/content-page.tsx';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { TwoColumnPage } from '#client/components/content/two-column-page.tsx';
import { CardGrid } from '#client/components/content/card-grid.tsx';
import { TipCard, CheckList } from '#client/components/content/cards.tsx';
import { FaqAccordion } from '#client/components/content/faq-accordion.tsx';
import { JsonLd } from '#client/components/content/json-ld.tsx';
import { TroubleshootingGuideCard } from '#client/components/content/troubleshooting-guide.tsx';
import { SidebarCard, SidebarLinks, inPageLinks } from '#client/components/content/sidebar-card.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { AdSlot } from '#client/components/ads/ad-slot.tsx';
import { SidebarSkyscraper } from '#client/components/ads/sidebar-skyscraper.tsx';
import { HELP_QUICK_TIPS } from '#client/content/tips.ts';
import { FAQ_ITEMS } from '#client/content/faq.ts';
import { TROUBLESHOOTING_GUIDES } from '#client/content/troubleshooting.ts';
import { ADVANCED_TOPICS, HELP_MAIL_LINKS, HELP_SECTIONS, SERVICE_STATE_TEXT, SERVICES, SUPPORT_HOURS } from '#client/content/help.ts';
import { useServiceStatus } from '#client/api/service-status.ts';
import { buildFaqPageJsonLd } from '#client/content/structured-data.ts';
import { SUPPORT_EMAIL } from '#contract/brand';

const META = {
  title: 'Help Center',
  description: 'Answers to common questions, troubleshooting guides and tips for compressing JPEG and PNG images, plus how to reach our support team.',
  path: '/help',
};

const FAQ_JSON_LD = buildFaqPageJsonLd(FAQ_ITEMS);

const LEAD = 'Tips, answers and step-by-step fixes for everything from your first upload to advanced optimisation.';

export default function HelpPage() {
  return (
    <ContentPage meta={META} title="Help Center" lead={LEAD} ads={{ header: 'help-header', footer: 'help-footer' }}>
      <JsonLd data={FAQ_JSON_LD} id="faq-structured-data" />
      <TwoColumnPage aside={<HelpSidebar />} asideLabel="Help sidebar" mainClassName="space-y-12">
        <ContentSection id="quick-tips" title="Quick Tips" subtitle="Four habits that give the best results.">
          <CardGrid>{HELP_QUICK_TIPS.map((tip) => <TipCard key={tip.title} tip={tip} />)}</CardGrid>
        </ContentSection>

        <ContentSection
          id="faq"
          title="Frequently Asked Questions"
          subtitle="Select a question to show its answer. Use the arrow keys, Home and End to move between questions."
        >
          <FaqAccordion items={FAQ_ITEMS} />
        </ContentSection>

        <AdSlot size="large-rectangle" slot="help-inline" />

        <ContentSection id="troubleshooting" title="Troubleshooting" subtitle="Work through the steps in order; most problems are solved by the first two.">
          <CardGrid>{TROUBLESHOOTING_GUIDES.map((guide) => <TroubleshootingGuideCard key={guide.id} guide={guide} />)}</CardGrid>
        </ContentSection>

        <ContentSection id="advanced" title="Advanced Topics" subtitle="How our encoders treat each format, for when you want to fine-tune.">
          <CardGrid>
            {ADVANCED_TOPICS.map((topic) => (
              <Card key={topic.id} className="p-6" id={topic.id}>
                <h3 className="text-lg font-semibold text-slate-900">{topic.title}</h3>
                <p className="mt-2 text-slate-700">{topic.intro}</p>
                <CheckList items={topic.points} className="mt-4 text-sm" />
              </Card>
            ))}
          </CardGrid>
          <Card className="mt-4 flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
            <Code className="h-8 w-8 flex-none text-blue-700" aria-hidden="true" />
            <div className="flex-1">
              <h3 className="font-semibold text-slate-900">API access</h3>
              <p className="mt-1 text-sm text-slate-700">
                Compress images from your own software: create an API key on your dashboard and follow the reference, with examples in
                curl, Node and Python.
              </p>
            </div>
            <div className="flex flex-col gap-2 sm:items-end">
              <Link href="/developers" className={buttonClasses('primary')}>
                API reference
              </Link>
              <a href={HELP_MAIL_LINKS.apiAccess} className={buttonClasses('secondary')}>
                Contact us about API access
              </a>
            </div>
          </Card>
        </ContentSection>

        <section aria-labelledby="contact" className="scroll-mt-6">
          <Card className="p-6 sm:p-8">
            <h2 id="contact" className="text-2xl font-bold tracking-tight text-slate-900">
              Still Need Help?
            </h2>
            <p className="mt-3 text-slate-700">
              Our support team replies {SUPPORT_HOURS.reply} by email, typically within {SUPPORT_HOURS.typical} during business hours (
              {SUPPORT_HOURS.businessHours}). For urgent issues, include "{SUPPORT_HOURS.urgentKeyword}" in the subject line.
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <a href={HELP_MAIL_LINKS.sendEmail} className={buttonClasses('primary')}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                Send Email
              </a>
              <a href={HELP_MAIL_LINKS.submitIdea} className={buttonClasses('secondary')}>
                <Lightbulb className="h-4 w-4" aria-hidden="true" />
                Submit Idea
              </a>
            </div>
            <p className="mt-4 text-sm text-slate-600">
              Or write to{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`} className="text-blue-700 underline">
                {SUPPORT_EMAIL}
              </a>
              .
            </p>
          </Card>
        </section>
      </TwoColumnPage>
    </ContentPage>
  );
}

function HelpSidebar() {
  return (
    <>
      <SidebarLinks title="Quick Navigation" navLabel="Help sections" links={inPageLinks(HELP_SECTIONS)} />
      <AdSlot size="medium" slot="help-sidebar-1" />
      <ServiceStatusCard />
      <SidebarSkyscraper slot="help-sidebar-2" />
    </>
  );
}

/** Live: the server's readiness check, asked when the page opens and every minute after; never a fixed "Operational". */
function ServiceStatusCard() {
  const { data } = useServiceStatus();
  const ok = data?.state === 'operational';
  return (
    <SidebarCard title="Service Status">
      <ul className="space-y-2 text-sm" data-testid="service-status" data-state={data?.state ?? 'checking'} aria-busy={!data || undefined}>
        {SERVICES.map((service) => (
          <li key={service} className="flex items-center justify-between gap-2">
            <span className="text-slate-700">{service}</span>
            {data ? (
              <span className={`inline-flex items-center gap-1 font-medium ${ok ? 'text-green-800' : 'text-red-700'}`}>
                {ok ? <CircleCheck className="h-4 w-4" aria-hidden="true" /> : <CircleAlert className="h-4 w-4" aria-hidden="true" />}
                {SERVICE_STATE_TEXT[data.state]}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-slate-600">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                Checking
              </span>
            )}
          </li>
        ))}
      </ul>
      {data && (
        <p className="mt-3 text-xs text-slate-600" data-testid="service-status-checked">
          {data.reason ? `${data.reason}. ` : ''}
          {data.state === 'unreachable' ? 'The server did not answer. ' : ''}
          Checked live at {new Date(data.checkedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.
        </p>
      )}
    </SidebarCard>
  );
}
