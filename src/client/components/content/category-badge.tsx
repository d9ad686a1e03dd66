import { Badge } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/cn.ts';

/** Spec colours: Tutorial green, Comparison purple, Business red, Technical gray, Workflow orange, anything else blue. */
const CATEGORY_COLOURS: Record<string, string> = {
  Tutorial: 'bg-green-100 text-green-800',
  Comparison: 'bg-purple-100 text-purple-800',
  Business: 'bg-red-100 text-red-800',
  Technical: 'bg-gray-200 text-gray-800',
  Workflow: 'bg-orange-100 text-orange-800',
};
const DEFAULT_COLOUR = 'bg-blue-100 text-blue-800';

export const categoryColour = (category: string): string => CATEGORY_COLOURS[category] ?? DEFAULT_COLOUR;

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <Badge className={cn(categoryColour(category), className)} data-category={category}>
      {category}
    </Badge>
  );
}
