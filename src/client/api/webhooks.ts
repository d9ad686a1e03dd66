// The signed-in user's webhooks over the existing API: list, register (the signing secret is in this one answer),
// delete, and each one's deliveries with every attempt.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookEvent } from '#contract/webhooks';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast.ts';

export const WEBHOOKS_KEY = ['/api/webhooks'] as const;

export const useWebhooks = () => useQuery<Webhook[]>({ queryKey: WEBHOOKS_KEY });

/** A webhook's deliveries, newest first, fetched while its row is open (and every 10 s meanwhile). */
export const useDeliveries = (id: string, open: boolean) =>
  useQuery<WebhookDelivery[]>({ queryKey: [...WEBHOOKS_KEY, id, 'deliveries'], enabled: open, refetchInterval: open ? 10_000 : false });

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { url: string; events: WebhookEvent[]; description?: string }) =>
      (await (await apiRequest('POST', '/api/webhooks', input)).json()) as CreatedWebhook,
    onSuccess: () => void client.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/webhooks/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      toast({ title: 'Webhook deleted', description: 'No more events are sent to it.' });
    },
    onError: (error) => toast({ title: 'Could not delete the webhook', description: errorMessage(error), variant: 'destructive' }),
  });
}
