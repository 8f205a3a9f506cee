import type { ChangeSignal } from '../../ports/change-signal';

/** The signal of a single instance: listeners of this process, called synchronously. */
export class MemoryChangeSignal implements ChangeSignal {
  private readonly listeners = new Set<(workspaceId: string | null, head: number) => void>();

  publish(workspaceId: string, head: number): void {
    this.deliver(workspaceId, head);
  }

  subscribe(listener: (workspaceId: string | null, head: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls every listener (the Redis signal uses it for what it receives). */
  deliver(workspaceId: string | null, head: number): void {
    for (const listener of this.listeners) {
      listener(workspaceId, head);
    }
  }
}
