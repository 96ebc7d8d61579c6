/**
 * What a message is to the server: what a change sends (`OutgoingMessage`), its wire form once
 * written (`MessagePayload`), and what writing some in a transaction gives back
 * (`PersistedMessages`). Types only, shared by the message service and the unit of work.
 */

export interface MessageInfo {
  ticket_id?: number;
  allocation_id?: number;
  announcement_id?: number;
  [key: string]: unknown;
}

export interface OutgoingMessage {
  type: number;
  /** A readable Chinese sentence. */
  title: string;
  info: MessageInfo;
}

/** The wire form of a message: the spec's fields plus the row's id and time. */
export interface MessagePayload {
  message_id: number;
  message_type: number;
  ext_json: { title: string; info: MessageInfo };
  product_ids?: number[];
  announcement_scope?: number;
  created_time: string;
}

export interface PersistedMessages {
  payloads: MessagePayload[];
  /** Publishes the persisted messages; call it after the transaction that wrote them commits. */
  publish(): void;
}
