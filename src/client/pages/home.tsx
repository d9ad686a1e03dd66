// The compression tool (/): upload, settings, queue, results, comparison, then marketing sections.
import { useEffect } from 'react';
import { AdSlot } from '#client/components/ads/ad-slot.tsx';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { GuestBanner } from '#client/components/tool/guest-banner.tsx';
import { IndustrySolutions } from '#client/components/tool/industry-solutions.tsx';
import { ToolWorkspace, type ToolWorkspaceProps } from '#client/components/tool/tool-workspace.tsx';
import { useToolSettings } from '#client/components/tool/use-tool-settings.ts';
import { Testimonials } from '#client/components/tool/testimonials.tsx';
import { WorkflowExplainer } from '#client/components/tool/workflow-explainer.tsx';
import { PRODUCT_NAME } from '#contract/brand';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';
import { HOME_CLASSES, HOME_LEAD, HOME_TITLE } from '#client/components/tool/home-hero.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useAuth } from '#client/api/account.ts';
import { useServerJobSource } from '#client/api/server-job-source.ts';
import { PrivateModeSwitch } from '#client/private/private-mode-switch.tsx';
import { enterPrivatePage, PRIVATE_PAGE, usePrivateMode } from '#client/lib/private-mode.ts';

function ServerWorkspace(props: Omit<ToolWorkspaceProps, 'source'>) {
  return <ToolWorkspace source={useServerJobSource()} {...props} />;
}

export default function Home() {
  const { isAuthenticated, isLoading } = useAuth();
  const [privateMode] = usePrivateMode();
  // Private mode has its own isolated page (/private): a visitor who left it on is taken back there.
  useEffect(() => {
    if (privateMode) globalThis.location.replace(PRIVATE_PAGE);
  }, [privateMode]);
  const workspace = useToolSettings();

  usePageMeta({
    title: `${PRODUCT_NAME} - Compress JPEG, PNG, WebP and AVIF images online`,
    description: `Compress JPEG, PNG, WebP and AVIF images online, or convert them to WebP and AVIF: smaller files at the same visual quality, private, deleted ${RETENTION_TEXT}.`,
    path: '/',
  });

  return (
    <PageShell variant="tool" className={HOME_CLASSES.main}>
      <div className={HOME_CLASSES.hero}>
        <h1 className={HOME_CLASSES.title}>{HOME_TITLE}</h1>
        <p className={HOME_CLASSES.lead}>{HOME_LEAD}</p>
      </div>

      {!isLoading && !isAuthenticated && !privateMode && <GuestBanner />}

      <PrivateModeSwitch on={false} onChange={(on) => on && enterPrivatePage()} />
      <ServerWorkspace {...workspace} />

      {/* The first ad comes after the tool and its results, never between the headline and the drop zone. */}
      <WorkflowExplainer />
      <AdSlot size="mobile-banner" slot="home-top-mobile" className="mx-auto sm:hidden" />
      <AdSlot size="leaderboard" slot="home-top" className="mx-auto hidden sm:block" />
      <IndustrySolutions />
      <AdSlot size="large-rectangle" slot="home-middle" className="mx-auto" />
      <Testimonials />

      <AdSlot size="billboard" slot="home-bottom" className="mx-auto hidden lg:block" />
      <AdSlot size="medium" slot="home-bottom-mobile" className="mx-auto lg:hidden" />
    </PageShell>
  );
}
