"""A TCP proxy in front of the service that cuts one answer, to test what a client does
when a connection breaks."""

from __future__ import annotations

import socket
import threading


class CuttingProxy:
    """Passes every connection through, but cuts the first one's answer once
    `cut_after` bytes of it went through (0: before any): the service did the work, the
    client saw its answer end early."""

    def __init__(self, upstream: tuple[str, int], *, cut_after: int = 0) -> None:
        self.upstream = upstream
        self.cut_next = True
        self.cut_after = cut_after
        self.connections = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                downstream, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            upstream = socket.create_connection(self.upstream)
            threading.Thread(
                target=self._pipe, args=(downstream, upstream, False), daemon=True
            ).start()
            threading.Thread(
                target=self._pipe, args=(upstream, downstream, True), daemon=True
            ).start()

    def _pipe(self, source: socket.socket, target: socket.socket, answers: bool) -> None:
        cutting = answers and self.cut_next
        if cutting:
            self.cut_next = False
        budget = self.cut_after
        try:
            while chunk := source.recv(65536):
                if cutting:
                    if len(chunk) >= budget:
                        target.sendall(chunk[:budget])
                        break
                    budget -= len(chunk)
                target.sendall(chunk)
        except OSError:
            pass
        for s in (source, target):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def close(self) -> None:
        self.listener.close()
