import type { FastifyInstance } from 'fastify';
import { samplePng } from '../../lib/sample-files.js';
import { nowMs } from '../../lib/time.js';
import { putObject } from '../files/index.js';
import { wholeCatalog } from './catalog.repository.js';
import { demoOrder, newOrderNo, pick } from './demo-orders.js';

/**
 * The demo order simulator: SIMULATOR_RATE_PER_MIN new orders a minute through the same ingestion
 * service as the integration API (so they are system-assigned or land in the hall, with messages).
 * An order's reference image is written into the object store before the order comes in, so the
 * key it names exists. Off (0) by default and in tests. Each API instance runs its own when enabled; of the worker
 * processes of one instance (API_WORKERS, cluster.ts) only worker 0 does.
 */
export function registerSimulator(app: FastifyInstance, ratePerMin: number): void {
  if (!(ratePerMin > 0)) return;
  const everyMs = Math.max(10, Math.round(60_000 / ratePerMin));
  let timer: NodeJS.Timeout | undefined;
  let busy = false;

  async function tick() {
    if (busy) return; // never pile up behind a slow database
    busy = true;
    try {
      const { shops, products } = await wholeCatalog(app.db);
      if (!shops.length || !products.length) return;
      const order = demoOrder(Math.random, newOrderNo('SIM', nowMs()), pick(Math.random, shops), pick(Math.random, products));
      for (const a of order.attachments) await putObject(app.config.oss, a.url, samplePng(order.order_no));
      const { ticket } = await app.tickets.ingest(order, 'simulator');
      app.log.debug({ order_no: ticket.order_no, designer_id: ticket.designer_id }, 'simulated order');
    } catch (err) {
      app.log.warn({ err }, 'order simulator failed');
    } finally {
      busy = false;
    }
  }

  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), everyMs);
    timer.unref();
    app.log.info(`order simulator: ${ratePerMin} orders/min`);
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
