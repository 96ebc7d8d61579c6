import { EventEmitter } from 'node:events';

/** Raised when sessions end, so live connections of those sessions (MQTT) can be closed. */
export interface SessionEnded {
  designerId: number;
  /** A single session; undefined means every session of the designer. */
  sessionId?: string;
}

export class SessionEvents extends EventEmitter<{ ended: [SessionEnded] }> {}
