// The device rules every domain applies the same way (docs/device-ingestion.md "Alarms"): default limits
// by device kind (a device's own thresholds override them), the §3.5 alarm level by how far a limit is
// passed, and China day and night for noise. Ingestion raises alarms with them; the screens draw them.
/** Environment limits shown with the trend (µg/m³, dB); a device's own thresholds override them. */
export const ENV_LIMITS = { pm25: 75, pm10: 150, noiseDay: 70, noiseNight: 55 } as const;
/** Crane limits: load and moment ratio in %, wind in m/s (level 6 gale). */
export const CRANE_LIMITS = { loadRatio: 90, momentRatio: 90, windSpeed: 13.8 } as const;
/** Tunnel gas and ventilation limits (the seeded thresholds of kind tunnelGas, JTG F90-2015): O₂ %VOL between, CO / H₂S ppm, CH₄ %VOL, wind m/s between, ℃. */
export const TUNNEL_LIMITS = { o2Low: 20, o2High: 23.5, co: 24, ch4: 0.5, h2s: 6.6, windLow: 0.15, windHigh: 6, temperature: 28 } as const;
/** Gas detector limits (the seeded thresholds, schemas/seed/device-threshold.json): combustible gas %LEL, CO and H₂S ppm; O₂ %VOL below. */
export const GAS_LIMITS = { lel: 25, co: 24, h2s: 10, o2Low: 19.5 } as const;

/** §3.5 alarm level by how far a limit is passed: 1 (×1.5), 2 (×1.2), else 3. */
export const alarmLevel = (value: number, limit: number): '1' | '2' | '3' => (value >= limit * 1.5 ? '1' : value >= limit * 1.2 ? '2' : '3');

/** China Standard Time hour of a moment (the sites are in 四川), for day/night noise limits. */
export const cstHour = (at: Date): number => (at.getUTCHours() + 8) % 24;
/** Daytime for noise limits (GB 12523): 06:00–22:00. */
export const isDaytime = (at: Date): boolean => {
  const h = cstHour(at);
  return h >= 6 && h < 22;
};
