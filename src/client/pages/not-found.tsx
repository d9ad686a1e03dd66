import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';

export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="mb-4 flex gap-2">
          <AlertCircle className="h-8 w-8 text-red-600" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">Page Not Found</h1>
        </div>
        <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-blue-700 underline">
          Back to the compressor
        </Link>
      </div>
    </main>
  );
}
