// AI识别 (GET /prod-api/api/TyScreen/AiRecognition, docs/ai-recognition.md): the AI camera events of the
// projects in scope — today's by type, the trend by hour and by day, the newest with their snapshots, per
// camera, and how many are handled. Built by server/screens/ai-recognition.ts.
import type { NamedCount } from './basics';

export type AiEventItem = {
  id: string;
  time: string;
  projectId: string;
  projectName: string;
  deviceCode: string;
  deviceName: string;
  installPosition: string;
  type: string;
  typeName: string;
  message: string;
  /** The snapshot's address (/prod-api/api/Upload/File/<id>), '' without one. */
  snapshot: string;
  handled: boolean;
  handler: string;
};

export type AiCamera = { deviceCode: string; deviceName: string; projectName: string; installPosition: string; online: boolean; today: number; week: number };

export type AiRecognition = {
  updatedAt: string;
  summary: { today: number; unhandledToday: number; week: number; handledRate: number; cameras: number; online: number };
  /** Today's events by aiEventType, every type in dictionary order. */
  byType: NamedCount[];
  /** The 24 hours ending with the current one: events per hour. */
  hourly: Array<{ hour: string; count: number }>;
  /** The last 7 CST days: events and handled ones per day. */
  daily: Array<{ date: string; count: number; handled: number }>;
  /** The 24 newest events. */
  latest: AiEventItem[];
  cameras: AiCamera[];
};
