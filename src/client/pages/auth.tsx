// Sign in and sign up (/auth). A signed-in visitor goes straight to the tool.
import { Link, Redirect, useLocation } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { PRODUCT_NAME } from '../../contract/brand';
import { usePageMeta } from '../lib/page-meta';
import { LoginForm, RegisterForm } from '../components/auth/auth-forms';
import { AdSlot } from '../components/ads/ad-slot';
import { FeaturePanel } from '../components/auth/feature-panel';
import { BrandLink, SkipLink } from '../components/layout/app-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useAuth } from '../lib/use-auth';

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();

  usePageMeta({
    title: 'Sign In',
    description: `Sign in or create a free ${PRODUCT_NAME} account to compress images without a size limit and keep your job history.`,
    path: '/auth',
  });

  if (user) return <Redirect to="/" replace />;
  const goHome = () => navigate('/');

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <SkipLink />
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <BrandLink />
          <Link href="/" className="flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to Compressor
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto grid w-full max-w-6xl flex-1 items-start gap-8 px-4 py-8 lg:grid-cols-2 lg:py-16">
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
      </main>
    </div>
  );
}
