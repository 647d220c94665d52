/** Gateway settings read from the environment (DESIGN.md §4). */
export interface GatewayEnv {
  /** JT808_PORT, default 6808. */
  port: number;
  /** JT808_AUTO_REGISTER=1 (or true): provision unknown terminals instead of refusing them. */
  autoRegister: boolean;
  /** JT808_IDLE_SECONDS (default 180) in ms; 0 disables the idle timeout. */
  idleTimeoutMs: number;
}

/** Reads the gateway settings; throws with the variable's name on a bad value. */
export function readGatewayEnv(env: Record<string, string | undefined> = process.env): GatewayEnv {
  return {
    port: integer(env, 'JT808_PORT', 6808),
    autoRegister: flag(env, 'JT808_AUTO_REGISTER'),
    idleTimeoutMs: integer(env, 'JT808_IDLE_SECONDS', 180) * 1000,
  };
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be an integer >= 0, got "${raw}"`);
  return n;
}

function flag(env: Record<string, string | undefined>, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new Error(`${name} must be 1 or 0, got "${env[name]}"`);
}
