// The shapes of device data on its way in (docs/device-ingestion.md): the device a reading came from, the
// reading, an AI camera's event, and what an Ingest counted. Kept apart from ingest.ts so the steps of
// ingestion (episodes, intervals, AI events) and the ingest itself need not import each other.
import type { BlockList } from 'node:net';

export type KnownDevice = {
  id: number;
  code: string;
  kind: string;
  companyId: number | null;
  projectId: number;
  ingestKey: string | null;
  /** HJ 212 access password, hashed (hj212/access.ts); null: the device may not use the HJ 212 port. */
  hj212Password: string | null;
  /** The addresses it may connect from (hj212/access.ts), or null for any. */
  hj212Sources: BlockList | null;
  pm10Threshold: number | null;
  noiseDayThreshold: number | null;
  noiseNightThreshold: number | null;
};

/**
 * An AI camera's recognised event: one Alarm of kind aiEvent each (an instant: recovered when raised) and one
 * AI识别事件 (ai_event) row linked to it, with the snapshot the camera sent (stored as an upload).
 */
export type DeviceEvent = {
  type: string;
  label: string;
  message?: string;
  image?: { data: Buffer; contentType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' };
};

export type Reading = {
  device: KnownDevice;
  at: Date;
  values: Readonly<Record<string, number | string | undefined>>;
  event?: DeviceEvent;
  /** HJ 212: the request's QN; with the device and the time it makes a retransmitted copy known (stored once). */
  qn?: string;
  /** HJ 212: values the device flagged (not N), kept with their flags and out of every figure (env_reading.data_flags). */
  dataFlags?: string;
  /** HJ 212: the factors flagged D / B (a fault); given (even empty) when the reading carries the device's fault state. */
  faults?: readonly string[];
};

export type IngestStats = { readings: number; duplicates: number; heartbeats: number; events: number; alarmsOpened: number; alarmsClosed: number; batches: number };
