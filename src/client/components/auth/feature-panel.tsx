// The sign-in page's side panel: what an account adds (copy in content/account-benefits.ts).
import { FeatureGrid } from '#client/components/content/feature-grid.tsx';
import { ACCOUNT_BENEFITS } from '#client/content/account-benefits.ts';

export function FeaturePanel() {
  return (
    <aside aria-labelledby="auth-features-heading" className="rounded-2xl bg-gradient-to-br from-blue-700 to-indigo-800 p-6 text-white sm:p-8">
      <h2 id="auth-features-heading" className="text-2xl font-bold">
        {ACCOUNT_BENEFITS.title}
      </h2>
      <p className="mt-2 text-blue-100">{ACCOUNT_BENEFITS.lead}</p>
      <FeatureGrid items={ACCOUNT_BENEFITS.items} look="inverse" columns={1} className="mt-6" />
    </aside>
  );
}
