// The compression tool (/): upload, settings, queue, results, comparison, then marketing sections.
import { lazy, Suspense, useState } from 'react';
import { AdSlot } from '#client/components/ads/ad-slot.tsx';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { GuestBanner } from '#client/components/tool/guest-banner.tsx';
import { IndustrySolutions } from '#client/components/tool/industry-solutions.tsx';
import { ToolWorkspace, type ToolWorkspaceProps } from '#client/components/tool/tool-workspace.tsx';
import { initialSettings, storeFormat, type CompressionSettings as Settings } from '#client/components/tool/settings.ts';
import { storeControl } from '#client/components/tool/control.ts';
import { Testimonials } from '#client/components/tool/testimonials.tsx';
import { WorkflowExplainer } from '#client/components/tool/workflow-explainer.tsx';
import { PRODUCT_NAME } from '#contract/brand';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';
import { HOME_CLASSES, HOME_LEAD, HOME_TITLE } from '#client/components/tool/home-hero.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useAuth } from '#client/api/account.ts';
import { usePresets } from '#client/api/config.ts';
import { useServerJobSource } from '#client/api/server-job-source.ts';
import { PrivateModeSwitch } from '#client/private/private-mode-switch.tsx';
import { usePrivateMode } from '#client/private/private-mode.ts';

// Private mode (compressing on this device) loads its queue, workers and ZIP writer only when it is switched on.
const PrivateWorkspace = lazy(() => import('#client/private/private-workspace.tsx'));

function ServerWorkspace(props: Omit<ToolWorkspaceProps, 'source'>) {
  return <ToolWorkspace source={useServerJobSource()} {...props} />;
}

export default function Home() {
  const { isAuthenticated, isLoading } = useAuth();
  const [privateMode, setPrivateMode] = usePrivateMode();
  const [settings, setSettings] = useState<Settings>(initialSettings);
  const changeSettings = (next: Settings) => {
    if (next.format !== settings.format || next.background !== settings.background || next.autoFor !== settings.autoFor) storeFormat(next);
    if (next.control !== settings.control) storeControl(next.control);
    setSettings(next);
  };
  const { data: presets } = usePresets();
  const workspace = { settings, onSettingsChange: changeSettings, presets };

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

      <AdSlot size="mobile-banner" slot="home-top-mobile" className="mx-auto sm:hidden" />
      <AdSlot size="leaderboard" slot="home-top" className="mx-auto hidden sm:block" />

      {!isLoading && !isAuthenticated && !privateMode && <GuestBanner />}

      <PrivateModeSwitch on={privateMode} onChange={setPrivateMode} />
      {privateMode ? (
        <Suspense fallback={<div className="h-64 animate-pulse rounded-xl bg-slate-200" aria-busy="true" aria-label="Loading private mode" />}>
          <PrivateWorkspace {...workspace} />
        </Suspense>
      ) : (
        <ServerWorkspace {...workspace} />
      )}

      <AdSlot size="large-rectangle" slot="home-middle" className="mx-auto" />

      <WorkflowExplainer />
      <IndustrySolutions />
      <Testimonials />

      <AdSlot size="billboard" slot="home-bottom" className="mx-auto hidden lg:block" />
      <AdSlot size="medium" slot="home-bottom-mobile" className="mx-auto lg:hidden" />
    </PageShell>
  );
}
