// aedes-persistence-redis ships no types: the one call the broker makes (plugins/broker-cluster.ts).
declare module 'aedes-persistence-redis' {
  import type { Redis, RedisOptions } from 'ioredis';

  interface RedisPersistenceOptions extends RedisOptions {
    /** A connection of the caller's, used instead of a new one. */
    conn?: Redis;
    maxSessionDelivery?: number;
  }

  /** A persistence for Aedes' `persistence` option. */
  export default function aedesPersistenceRedis(options?: RedisPersistenceOptions): unknown;
}
