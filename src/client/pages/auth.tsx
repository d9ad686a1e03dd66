// Sign in and sign up (/auth). A signed-in visitor goes to where they came from (`?next=/developers`, a path of this
// site only) or else to the tool.
import { Redirect, useLocation } from 'wouter';
import { PRODUCT_NAME } from '#contract/brand';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { LoginForm, RegisterForm } from '#client/components/auth/auth-forms.tsx';
import { AdSlot } from '#client/components/ads/ad-slot.tsx';
import { FeaturePanel } from '#client/components/auth/feature-panel.tsx';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useAuth } from '#client/api/account.ts';
import { nextPath } from '#client/lib/next-path.ts';

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();

  usePageMeta({
    title: 'Sign In',
    description: `Sign in or create a free ${PRODUCT_NAME} account to compress images without a size limit and keep your job history.`,
    path: '/auth',
  });

  const next = nextPath(typeof window === 'undefined' ? '' : window.location.search);
  if (user) return <Redirect to={next} replace />;
  const goHome = () => navigate(next);

  return (
    <PageShell variant="focused" className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-8 lg:grid-cols-2 lg:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-busy={isLoading || undefined}>
        <h1 className="text-2xl font-bold text-slate-900">Welcome to {PRODUCT_NAME}</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in or create a free account to compress without size limits.</p>
        <Tabs defaultValue="login" className="mt-6">
          <TabsList aria-label="Sign in or sign up">
            <TabsTrigger value="login">Sign In</TabsTrigger>
            <TabsTrigger value="register">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm onSuccess={goHome} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm onSuccess={goHome} />
          </TabsContent>
        </Tabs>
      </div>
      <div className="space-y-6">
        <FeaturePanel />
        <AdSlot size="small" slot="auth-side" />
      </div>
    </PageShell>
  );
}
