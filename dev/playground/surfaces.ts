// The add-on's own pages in the playground: the sidebar and the dialog (modal or modeless) a script showed, each
// served by a sidebar bridge so google.script.run reaches the script; google.script.host.close() closes them.
import type { GasEnvironment } from '../gas-fakes';
import { startSidebarBridge, type SidebarBridge } from '../sidebar-bridge';
import type { StateView } from './protocol';

interface OpenSurface {
  id: number;
  title: string;
  bridge: SidebarBridge;
}

export class AddonSurfaces {
  private sidebar: OpenSurface | null = null;
  private dialog: (OpenSurface & { modal: boolean }) | null = null;
  private opened = 0;
  private sidebarsHandled = 0;
  private dialogsHandled = 0;
  /** One follow at a time, so a page shown twice is never opened twice. */
  private following: Promise<void> = Promise.resolve();

  constructor(
    private readonly env: GasEnvironment,
    /** google.script.run from a page: a synchronous call of the script. */
    private readonly call: (name: string, args: unknown[]) => unknown,
    /** The sidebar's poll interval. */
    private readonly pollMs: number,
  ) {}

  views(): Pick<StateView, 'sidebar' | 'dialog'> {
    const { sidebar, dialog } = this;
    return {
      sidebar: sidebar && { id: sidebar.id, title: sidebar.title, url: sidebar.bridge.url },
      dialog: dialog && { id: dialog.id, title: dialog.title, url: dialog.bridge.url, modal: dialog.modal },
    };
  }

  /** Opens what the script showed since the last look: showSidebar replaces the open sidebar, a dialog the dialog. */
  follow(): Promise<void> {
    this.following = this.following.then(() => this.openNew());
    return this.following;
  }

  async closeSidebar(id?: number): Promise<void> {
    const open = this.sidebar;
    if (!open || (id !== undefined && open.id !== id)) return;
    this.sidebar = null;
    await open.bridge.close();
  }

  async closeDialog(id?: number): Promise<void> {
    const open = this.dialog;
    if (!open || (id !== undefined && open.id !== id)) return;
    this.dialog = null;
    await open.bridge.close();
  }

  async close(): Promise<void> {
    await this.following;
    await Promise.all([this.closeSidebar(), this.closeDialog()]);
  }

  private async openNew(): Promise<void> {
    const { sidebars, dialogs } = this.env.ui;
    if (sidebars.length > this.sidebarsHandled) {
      this.sidebarsHandled = sidebars.length;
      const latest = sidebars[sidebars.length - 1];
      await this.closeSidebar();
      const id = ++this.opened;
      const bridge = await this.bridge(latest.html, () => void this.closeSidebar(id));
      this.sidebar = { id, title: latest.title, bridge };
    }
    if (dialogs.length > this.dialogsHandled) {
      this.dialogsHandled = dialogs.length;
      const latest = dialogs[dialogs.length - 1];
      await this.closeDialog();
      const id = ++this.opened;
      const bridge = await this.bridge(latest.html, () => void this.closeDialog(id));
      this.dialog = { id, title: latest.title, modal: latest.modal, bridge };
    }
  }

  private bridge(html: string, onClose: () => void): Promise<SidebarBridge> {
    return startSidebarBridge({ html, call: this.call, pollMs: this.pollMs, onClose });
  }
}
