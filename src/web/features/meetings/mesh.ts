import {
  MEETING_CLOSE,
  MEETING_MESSAGES,
  meetingSignalPath,
  type IceServer,
  type MeetingServerFrame,
  type Peer,
  type PeerState,
  type SignalData,
} from '../../../contracts/meetings';

/** A remote person: their state, their connection and what it receives. */
export interface RemotePeer extends Peer {
  stream: MediaStream;
  connection: RTCPeerConnectionState;
  /** 0..1, from the receiver's stats (the active-speaker highlight). */
  level: number;
}

export interface ChatLine {
  from: string;
  name: string;
  text: string;
  at: string;
  self: boolean;
}

export type RoomStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface RoomSnapshot {
  status: RoomStatus;
  selfId: string | null;
  isHost: boolean;
  peers: RemotePeer[];
  chat: ChatLine[];
  /** Why the room closed (removed, ended, full…), shown to the person. */
  closedReason: string | null;
  state: PeerState;
  localLevel: number;
}

interface Link {
  pc: RTCPeerConnection;
  initiator: boolean;
  pending: RTCIceCandidateInit[];
  stream: MediaStream;
  /** The person's signals, handled one after another (an answer never overtakes its offer). */
  queue: Promise<void>;
  /** An offer of ours is being made: an offer arriving now has crossed it. */
  makingOffer: boolean;
  /** We ignored their crossing offer, so their candidates for it may be refused. */
  ignoringOffer: boolean;
}

/** Close codes after which reconnecting would be refused again. */
const FINAL = new Set<number>(Object.values(MEETING_CLOSE));
const FINAL_REASON: Record<number, string> = {
  [MEETING_CLOSE.removed]: MEETING_MESSAGES.removed,
  [MEETING_CLOSE.ended]: MEETING_MESSAGES.ended,
  [MEETING_CLOSE.full]: MEETING_MESSAGES.full,
};

/**
 * One person's side of a peer-mesh meeting (decision 031): an RTCPeerConnection per other person,
 * signalled over /api/meetings/:id/signal. The newcomer offers to everyone already there. Two
 * people who join at the same moment may each find the other there and both offer: the one with
 * the larger id then takes the other's offer and drops its own, and the other ignores the offer
 * it got (WebRTC's "perfect negotiation"). A newcomer's signals that arrive before the frame
 * saying they joined are kept until it does. Each connection carries one audio and one video sender from the start;
 * camera off, mute and screen share swap or disable tracks on them (replaceTrack), never
 * renegotiate. A dropped socket reconnects and builds every connection afresh; a connection
 * whose ICE fails is restarted by its offerer.
 */
export class MeshRoom {
  private ws: WebSocket | null = null;
  private links = new Map<string, Link>();
  /** Signals from people this side has not heard join yet, by their id. */
  private early = new Map<string, SignalData[]>();
  private peers = new Map<string, RemotePeer>();
  private iceServers: IceServer[] = [];
  private retry = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private left = false;
  private snapshot: RoomSnapshot;
  private listeners = new Set<() => void>();
  /** The video track being sent: the camera's, or the screen's while sharing. */
  private videoTrack: MediaStreamTrack | null;
  private screen: MediaStream | null = null;
  onForceMute: (() => void) | null = null;
  onLobby: (() => void) | null = null;

  constructor(
    private readonly meetingId: string,
    private readonly local: MediaStream,
    state: Pick<PeerState, 'muted' | 'cameraOff'>,
  ) {
    this.videoTrack = local.getVideoTracks()[0] ?? null;
    this.snapshot = {
      status: 'connecting',
      selfId: null,
      isHost: false,
      peers: [],
      chat: [],
      closedReason: null,
      state: { ...state, handRaised: false, sharing: false },
      localLevel: 0,
    };
    this.applyTrackState();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;

  private emit(patch: Partial<RoomSnapshot> = {}) {
    this.snapshot = { ...this.snapshot, ...patch, peers: [...this.peers.values()] };
    for (const listener of this.listeners) listener();
  }

  connect() {
    this.left = false;
    const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${protocol}//${location.host}${meetingSignalPath(this.meetingId)}`);
    this.ws = ws;
    ws.onmessage = (event) => {
      try {
        this.onFrame(JSON.parse(String(event.data)) as MeetingServerFrame);
      } catch (error) {
        console.error('meeting frame', error);
      }
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.left) return;
      if (FINAL.has(event.code)) {
        this.teardownLinks();
        this.stopStats();
        this.emit({ status: 'closed', closedReason: FINAL_REASON[event.code] ?? event.reason });
        return;
      }
      // A network drop: come back and build the connections again.
      this.emit({ status: 'reconnecting' });
      const delay = Math.min(8000, 500 * 2 ** this.retry++);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
    if (!this.statsTimer) this.statsTimer = setInterval(() => void this.sampleLevels(), 400);
  }

  /** Leaves the room; the local tracks are the page's to stop. */
  leave() {
    this.left = true;
    clearTimeout(this.retryTimer);
    this.stopStats();
    this.ws?.close(1000, 'left');
    this.ws = null;
    this.teardownLinks();
    this.screen?.getTracks().forEach((t) => t.stop());
    this.emit({ status: 'closed' });
  }

  /** Drops the socket as a network failure would (the reconnect path; used by tests too). */
  dropConnection() {
    const ws = this.ws;
    if (ws) ws.close(4000, 'dropped');
  }

  private stopStats() {
    clearInterval(this.statsTimer);
    this.statsTimer = undefined;
  }

  private send(frame: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private onFrame(frame: MeetingServerFrame) {
    switch (frame.type) {
      case 'welcome':
        this.retry = 0;
        this.teardownLinks();
        this.iceServers = frame.iceServers;
        for (const peer of frame.peers) {
          this.addPeer(peer);
          void this.offerTo(peer.peerId);
        }
        this.emit({ status: 'live', selfId: frame.peerId, isHost: frame.isHost });
        this.sendState();
        return;
      case 'peer-joined':
        this.addPeer(frame.peer);
        this.emit();
        return;
      case 'peer-left':
        this.dropPeer(frame.peerId);
        this.emit();
        return;
      case 'peer-state': {
        const peer = this.peers.get(frame.peerId);
        if (peer) this.peers.set(frame.peerId, { ...peer, ...frame.state });
        this.emit();
        return;
      }
      case 'signal':
        this.signal(frame.from, frame.data);
        return;
      case 'chat':
        this.emit({
          chat: [
            ...this.snapshot.chat.slice(-199),
            { ...frame, self: frame.from === this.snapshot.selfId },
          ],
        });
        return;
      case 'force-mute':
        this.setMuted(true);
        this.onForceMute?.();
        return;
      case 'lobby':
        this.onLobby?.();
        return;
      case 'error':
        console.warn('meeting:', frame.message);
        return;
    }
  }

  private addPeer(peer: Peer) {
    const existing = this.peers.get(peer.peerId);
    this.peers.set(peer.peerId, {
      ...peer,
      stream: existing?.stream ?? new MediaStream(),
      connection: existing?.connection ?? 'new',
      level: 0,
    });
    const early = this.early.get(peer.peerId) ?? [];
    this.early.delete(peer.peerId);
    for (const data of early) this.signal(peer.peerId, data);
  }

  private dropPeer(peerId: string) {
    this.early.delete(peerId);
    this.links.get(peerId)?.pc.close();
    this.links.delete(peerId);
    this.peers.delete(peerId);
  }

  private teardownLinks() {
    for (const link of this.links.values()) link.pc.close();
    this.links.clear();
    this.early.clear();
    this.peers.clear();
  }

  private link(peerId: string, initiator: boolean): Link {
    const existing = this.links.get(peerId);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const stream = this.peers.get(peerId)?.stream ?? new MediaStream();
    const link: Link = {
      pc,
      initiator,
      pending: [],
      stream,
      queue: Promise.resolve(),
      makingOffer: false,
      ignoringOffer: false,
    };
    this.links.set(peerId, link);
    if (initiator) {
      // Both kinds from the start, with or without a local track, so the other side can send
      // both back and a later camera or screen needs no renegotiation.
      const audio = this.local.getAudioTracks()[0];
      pc.addTransceiver(audio ?? 'audio', { direction: 'sendrecv', streams: [this.local] });
      pc.addTransceiver(this.videoTrack ?? 'video', {
        direction: 'sendrecv',
        streams: [this.local],
      });
    }
    pc.onicecandidate = (event) => {
      if (event.candidate)
        this.send({ type: 'signal', to: peerId, data: { candidate: event.candidate.toJSON() } });
    };
    pc.ontrack = (event) => {
      for (const old of stream.getTracks().filter((t) => t.kind === event.track.kind))
        stream.removeTrack(old);
      stream.addTrack(event.track);
      const peer = this.peers.get(peerId);
      // A new MediaStream object, so video elements notice the change.
      if (peer) this.peers.set(peerId, { ...peer, stream: new MediaStream(stream.getTracks()) });
      this.emit();
    };
    pc.onconnectionstatechange = () => {
      const peer = this.peers.get(peerId);
      if (peer) this.peers.set(peerId, { ...peer, connection: pc.connectionState });
      this.emit();
      if (pc.connectionState === 'failed' && link.initiator) void this.offerTo(peerId, true);
    };
    return link;
  }

  private async offerTo(peerId: string, iceRestart = false) {
    const link = this.link(peerId, true);
    link.makingOffer = true;
    try {
      const offer = await link.pc.createOffer({ iceRestart });
      await link.pc.setLocalDescription(offer);
    } finally {
      link.makingOffer = false;
    }
    this.send({
      type: 'signal',
      to: peerId,
      data: { description: { type: 'offer', sdp: link.pc.localDescription?.sdp ?? '' } },
    });
  }

  private signal(from: string, data: SignalData) {
    if (!this.peers.has(from)) {
      this.early.set(from, [...(this.early.get(from) ?? []), data]);
      return;
    }
    const link = this.link(from, false);
    link.queue = link.queue
      .then(() => this.onSignal(from, link, data))
      .catch((error: unknown) => console.warn('meeting signal:', error));
  }

  private async onSignal(from: string, link: Link, data: SignalData) {
    const { pc } = link;
    if ('description' in data) {
      if (data.description.type === 'offer') {
        const crossed = link.makingOffer || pc.signalingState !== 'stable';
        const polite = (this.snapshot.selfId ?? '') > from;
        link.ignoringOffer = crossed && !polite;
        if (link.ignoringOffer) return;
        // Taking their offer rolls ours back: they offer on this connection from now on.
        if (crossed) link.initiator = false;
      } else if (pc.signalingState !== 'have-local-offer') {
        return; // the answer to an offer we dropped when offers crossed
      }
      await pc.setRemoteDescription(data.description);
      for (const candidate of link.pending.splice(0)) await pc.addIceCandidate(candidate);
      if (data.description.type === 'offer') {
        // Answer with our own tracks on the transceivers the offer made.
        for (const transceiver of pc.getTransceivers()) {
          const kind = transceiver.receiver.track.kind;
          const track = kind === 'audio' ? this.local.getAudioTracks()[0] : this.videoTrack;
          transceiver.direction = 'sendrecv';
          if (track) await transceiver.sender.replaceTrack(track);
          transceiver.sender.setStreams?.(this.local);
        }
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        this.send({
          type: 'signal',
          to: from,
          data: { description: { type: 'answer', sdp: pc.localDescription?.sdp ?? '' } },
        });
      }
    } else if (pc.remoteDescription) {
      try {
        await pc.addIceCandidate(data.candidate);
      } catch (error) {
        if (!link.ignoringOffer) throw error;
      }
    } else {
      link.pending.push(data.candidate);
    }
  }

  // ---------------------------------------------------------------- my controls

  private applyTrackState() {
    for (const track of this.local.getAudioTracks()) track.enabled = !this.snapshot.state.muted;
    const camera = this.local.getVideoTracks()[0];
    if (camera) camera.enabled = !this.snapshot.state.cameraOff;
  }

  private sendState() {
    this.send({ type: 'state', state: this.snapshot.state });
  }

  private setState(patch: Partial<PeerState>) {
    this.emit({ state: { ...this.snapshot.state, ...patch } });
    this.applyTrackState();
    this.sendState();
  }

  setMuted(muted: boolean) {
    this.setState({ muted });
  }
  setCameraOff(cameraOff: boolean) {
    this.setState({ cameraOff });
  }
  setHandRaised(handRaised: boolean) {
    this.setState({ handRaised });
  }
  sendChat(text: string) {
    this.send({ type: 'chat', text });
  }

  /** The local video to preview: the screen while sharing, else the camera. */
  get previewTrack() {
    return this.videoTrack;
  }

  async startScreenShare() {
    const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    const track = screen.getVideoTracks()[0];
    if (!track) return;
    this.screen = screen;
    track.onended = () => void this.stopScreenShare();
    await this.sendVideo(track);
    this.setState({ sharing: true });
  }

  async stopScreenShare() {
    if (!this.screen) return;
    this.screen.getTracks().forEach((t) => t.stop());
    this.screen = null;
    await this.sendVideo(this.local.getVideoTracks()[0] ?? null);
    this.setState({ sharing: false });
  }

  private async sendVideo(track: MediaStreamTrack | null) {
    this.videoTrack = track;
    for (const { pc } of this.links.values())
      for (const sender of pc.getSenders())
        if (sender.track?.kind === 'video' || (!sender.track && isVideoSender(pc, sender)))
          await sender.replaceTrack(track);
  }

  /** Audio levels of everyone (inbound-rtp audioLevel) and of me (media-source). */
  private async sampleLevels() {
    let changed = false;
    let localLevel = 0;
    for (const [peerId, link] of this.links) {
      const stats = await link.pc.getStats().catch(() => null);
      if (!stats) continue;
      let level = 0;
      stats.forEach((report: { type: string; kind?: string; audioLevel?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio')
          level = report.audioLevel ?? 0;
        if (report.type === 'media-source' && report.kind === 'audio')
          localLevel = Math.max(localLevel, report.audioLevel ?? 0);
      });
      const peer = this.peers.get(peerId);
      if (peer && Math.abs(peer.level - level) > 0.02) {
        this.peers.set(peerId, { ...peer, level });
        changed = true;
      }
    }
    if (this.snapshot.state.muted) localLevel = 0;
    if (changed || Math.abs(localLevel - this.snapshot.localLevel) > 0.02)
      this.emit({ localLevel });
  }
}

function isVideoSender(pc: RTCPeerConnection, sender: RTCRtpSender) {
  return pc.getTransceivers().some((t) => t.sender === sender && t.receiver.track.kind === 'video');
}
