/** Which connection currently speaks for each online terminal (by normalised number). */
export class TerminalRegistry<C extends object> {
  private readonly byTerminal = new Map<string, C>();

  /** The live connection of a terminal. */
  get(terminalNo: string): C | undefined {
    return this.byTerminal.get(terminalNo);
  }

  /** Makes `connection` the terminal's link; returns the connection it replaced, if another. */
  bind(terminalNo: string, connection: C): C | undefined {
    const previous = this.byTerminal.get(terminalNo);
    this.byTerminal.set(terminalNo, connection);
    return previous === connection ? undefined : previous;
  }

  /** Forgets the terminal if `connection` still holds it; true when it did (the terminal went offline). */
  release(terminalNo: string, connection: C): boolean {
    if (this.byTerminal.get(terminalNo) !== connection) return false;
    this.byTerminal.delete(terminalNo);
    return true;
  }

  /** Online terminal numbers. */
  terminals(): string[] {
    return [...this.byTerminal.keys()];
  }

  get size(): number {
    return this.byTerminal.size;
  }
}
