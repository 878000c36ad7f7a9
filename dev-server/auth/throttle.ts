/**
 * Counts failed logins per key (email, IP) in a fixed window. In memory: the dev API is one
 * process and a restart forgetting the counters is acceptable.
 */
export interface ThrottleLimits {
  perEmail: number;
  perIp: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perEmail: 5, perIp: 30, windowMs: 15 * 60 * 1000 };

export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => Date,
  ) {}

  private count(key: string): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    if (entry.resetAt <= this.now().getTime()) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count;
  }

  private bump(key: string): void {
    const current = this.count(key);
    const entry = this.failures.get(key);
    this.failures.set(key, { count: current + 1, resetAt: entry?.resetAt ?? this.now().getTime() + this.limits.windowMs });
  }

  isBlocked(email: string, ip: string): boolean {
    return this.count(`email:${email}`) >= this.limits.perEmail || this.count(`ip:${ip}`) >= this.limits.perIp;
  }

  recordFailure(email: string, ip: string): void {
    this.bump(`email:${email}`);
    this.bump(`ip:${ip}`);
  }

  recordSuccess(email: string): void {
    this.failures.delete(`email:${email}`);
  }
}
