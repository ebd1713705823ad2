import { fail, ok, type HubResult } from '../hub-errors';
import { RECORD_SEPARATOR } from './text-framing';

// The JSON hub protocol (HubProtocol.md, "JSON Encoding"): one JSON object per record. Parsing
// validates shape strictly enough that the dispatcher can trust field types; anything else is
// a protocol error for the connection, never an exception.

export const PROTOCOL_NAME = 'json';
/** Version 2 added Ack and Sequence (stateful reconnect); version 1 clients never see them. */
export const SUPPORTED_VERSIONS: readonly number[] = [1, 2];
export const STATEFUL_RECONNECT_MIN_VERSION = 2;

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** Callees may bound invocation ids (HubProtocol.md); this keeps a hostile id from pinning memory. */
export const MAX_INVOCATION_ID_LENGTH = 256;

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}
export interface StreamInvocationMessage {
  type: typeof MessageType.StreamInvocation;
  invocationId: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}
export interface StreamItemMessage {
  type: typeof MessageType.StreamItem;
  invocationId: string;
  item: unknown;
}
export interface CompletionMessage {
  type: typeof MessageType.Completion;
  invocationId: string;
  result?: unknown;
  error?: string;
}
export interface CancelInvocationMessage {
  type: typeof MessageType.CancelInvocation;
  invocationId: string;
}
export interface PingMessage {
  type: typeof MessageType.Ping;
}
export interface CloseMessage {
  type: typeof MessageType.Close;
  error?: string;
  allowReconnect?: boolean;
}
export interface AckMessage {
  type: typeof MessageType.Ack;
  sequenceId: number;
}
export interface SequenceMessage {
  type: typeof MessageType.Sequence;
  sequenceId: number;
}

export type HubMessage =
  | InvocationMessage
  | StreamInvocationMessage
  | StreamItemMessage
  | CompletionMessage
  | CancelInvocationMessage
  | PingMessage
  | CloseMessage
  | AckMessage
  | SequenceMessage;

/** A message type this server does not know; ignored, as the official client does, for forward compatibility. */
export interface UnknownMessage {
  type: 'unknown';
  rawType: number;
}

export type ParsedMessage = HubMessage | UnknownMessage;

/** Only these take part in sequence numbering and replay (HubProtocol.md, "Trackable messages"). */
export function isTrackable(type: number): boolean {
  return type >= MessageType.Invocation && type <= MessageType.CancelInvocation;
}

/** A message serialized once, shareable between any number of connections. */
export interface OutboundFrame {
  readonly text: string;
  /** UTF-8 of `text`, so fan-out never re-encodes per connection. */
  readonly bytes: Buffer;
  readonly trackable: boolean;
}

export function frameFromText(text: string, trackable: boolean): OutboundFrame {
  return { text, bytes: Buffer.from(text, 'utf8'), trackable };
}

export function encodeMessage(message: HubMessage): HubResult<OutboundFrame> {
  let json: string;
  try {
    json = JSON.stringify(message);
  } catch {
    // BigInt, cycles and throwing toJSON all land here; the caller decides who hears about it.
    return fail('SERIALIZATION_FAILED', 'The message could not be serialized.');
  }
  return ok(frameFromText(json + RECORD_SEPARATOR, isTrackable(message.type)));
}

export const PING_FRAME: OutboundFrame = frameFromText(`{"type":6}${RECORD_SEPARATOR}`, false);
export const HANDSHAKE_OK_FRAME: OutboundFrame = frameFromText(`{}${RECORD_SEPARATOR}`, false);

export function handshakeErrorFrame(error: string): OutboundFrame {
  return frameFromText(JSON.stringify({ error }) + RECORD_SEPARATOR, false);
}

export function closeFrame(error: string | undefined, allowReconnect: boolean): OutboundFrame {
  const message: CloseMessage = { type: MessageType.Close };
  if (error !== undefined) message.error = error;
  if (allowReconnect) message.allowReconnect = true;
  return frameFromText(JSON.stringify(message) + RECORD_SEPARATOR, false);
}

export function ackFrame(sequenceId: number): OutboundFrame {
  return frameFromText(JSON.stringify({ type: MessageType.Ack, sequenceId }) + RECORD_SEPARATOR, false);
}

export function sequenceFrame(sequenceId: number): OutboundFrame {
  return frameFromText(JSON.stringify({ type: MessageType.Sequence, sequenceId }) + RECORD_SEPARATOR, false);
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

/** Parses the first record of a connection. The handshake is JSON whatever protocol it asks for. */
export function parseHandshakeRequest(record: string): HubResult<HandshakeRequest> {
  const parsed = parseJsonObject(record);
  if (!parsed.ok) return fail('INVALID_HANDSHAKE', 'The handshake request was not valid JSON.');
  const { protocol, version } = parsed.value;
  if (typeof protocol !== 'string' || protocol === '') {
    return fail('INVALID_HANDSHAKE', "The handshake request is missing the 'protocol' property.");
  }
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    return fail('INVALID_HANDSHAKE', "The handshake request is missing the 'version' property.");
  }
  return ok({ protocol, version });
}

/** Decides a parsed handshake; the failure message is what the HandshakeResponse carries. */
export function acceptHandshake(request: HandshakeRequest): HubResult<{ version: number }> {
  if (request.protocol !== PROTOCOL_NAME) {
    return fail('UNSUPPORTED_PROTOCOL', `The protocol '${request.protocol}' is not supported.`);
  }
  if (!SUPPORTED_VERSIONS.includes(request.version)) {
    return fail('UNSUPPORTED_VERSION', `The server does not support version ${request.version} of the '${request.protocol}' protocol.`);
  }
  return ok({ version: request.version });
}

export function parseHubMessage(record: string): HubResult<ParsedMessage> {
  const parsed = parseJsonObject(record);
  if (!parsed.ok) return parsed;
  const m = parsed.value;
  if (typeof m.type !== 'number' || !Number.isInteger(m.type)) return invalid("missing or non-integer 'type'");
  if (m.headers !== undefined && !isStringRecord(m.headers)) return invalid("'headers' must map strings to strings");

  switch (m.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      if (typeof m.target !== 'string' || m.target === '') return invalid("missing 'target'");
      if (!Array.isArray(m.arguments)) return invalid("'arguments' must be an array");
      const id = m.invocationId;
      if (m.type === MessageType.StreamInvocation || id !== undefined) {
        const bad = checkInvocationId(id);
        if (bad) return bad;
      }
      let streamIds: string[] | undefined;
      if (m.streamIds !== undefined) {
        if (!Array.isArray(m.streamIds) || !m.streamIds.every((s) => typeof s === 'string')) {
          return invalid("'streamIds' must be an array of strings");
        }
        streamIds = m.streamIds as string[];
      }
      const base = { target: m.target, arguments: m.arguments as unknown[], ...(streamIds ? { streamIds } : {}) };
      if (m.type === MessageType.Invocation) {
        return ok({ type: MessageType.Invocation, ...base, ...(id === undefined ? {} : { invocationId: id as string }) });
      }
      return ok({ type: MessageType.StreamInvocation, invocationId: id as string, ...base });
    }
    case MessageType.StreamItem: {
      const bad = checkInvocationId(m.invocationId);
      if (bad) return bad;
      if (!('item' in m)) return invalid("missing 'item'");
      return ok({ type: MessageType.StreamItem, invocationId: m.invocationId as string, item: m.item });
    }
    case MessageType.Completion: {
      const bad = checkInvocationId(m.invocationId);
      if (bad) return bad;
      if (m.error !== undefined && typeof m.error !== 'string') return invalid("'error' must be a string");
      if (m.error !== undefined && 'result' in m) return invalid("a Completion cannot carry both 'result' and 'error'");
      const message: CompletionMessage = { type: MessageType.Completion, invocationId: m.invocationId as string };
      if (m.error !== undefined) message.error = m.error as string;
      else if ('result' in m) message.result = m.result;
      return ok(message);
    }
    case MessageType.CancelInvocation: {
      const bad = checkInvocationId(m.invocationId);
      if (bad) return bad;
      return ok({ type: MessageType.CancelInvocation, invocationId: m.invocationId as string });
    }
    case MessageType.Ping:
      return ok({ type: MessageType.Ping });
    case MessageType.Close: {
      if (m.error !== undefined && m.error !== null && typeof m.error !== 'string') return invalid("'error' must be a string");
      const message: CloseMessage = { type: MessageType.Close };
      if (typeof m.error === 'string') message.error = m.error;
      if (m.allowReconnect === true) message.allowReconnect = true;
      return ok(message);
    }
    case MessageType.Ack:
    case MessageType.Sequence: {
      const id = m.sequenceId;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return invalid("'sequenceId' must be a non-negative integer");
      return ok({ type: m.type, sequenceId: id });
    }
    default:
      return ok({ type: 'unknown', rawType: m.type });
  }
}

function parseJsonObject(record: string): HubResult<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return fail('INVALID_JSON', 'A message was not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('INVALID_MESSAGE', 'A message was not a JSON object.');
  }
  return ok(value as Record<string, unknown>);
}

function checkInvocationId(id: unknown): HubResult<never> | null {
  if (typeof id !== 'string' || id === '') return invalid("missing 'invocationId'");
  if (id.length > MAX_INVOCATION_ID_LENGTH) return invalid(`'invocationId' is longer than ${MAX_INVOCATION_ID_LENGTH} characters`);
  return null;
}

function isStringRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string');
}

function invalid(detail: string): HubResult<never> {
  return fail('INVALID_MESSAGE', `Invalid message: ${detail}.`);
}
