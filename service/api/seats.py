"""Who may see a seat's cards and act for it: seat credentials, and the deal's secret share.

Whoever holds a game's state token may see what a spectator sees, and nothing more. Seeing a
seat's hand, and acting for it, needs that seat's credential: an HMAC of the game's id and the
seat under a secret derived from the state key (:meth:`.state_token.StateSealer.derive`), so it
is unforgeable, bound to one game and one seat, and needs no storage (every server with the
key checks it). The game's creator gets every seat's credential and hands each player theirs;
it also gets the *table* credential, good for every seat a person plays in that game, for one
device that plays every person's seat (passing one phone around a table, or a relay acting for
its players). A seat the computer plays is no one's: the server plays it, and no credential
shows its cards while the game is on.

The deal is not the client's to choose either: without a ``seed`` a game is dealt from a fresh
secret one. A client's ``seed`` makes a game reproducible, and the shuffle comes from that seed
mixed with a secret derived from the state key (:func:`chance_seed`), so the deals cannot be
computed offline; the server still answers for any seed, so whoever played a seed knows its
deals (games between people start without one; ``CRIBBAGE_CLIENT_SEEDS=off`` refuses seeds).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import secrets
from collections.abc import Iterable

from ..core.game.state import MAX_SEED, GameState
from . import state_token
from .problems import ApiError

CREDENTIAL_PURPOSE = "cribbage-seat-credential-v1"
CHANCE_PURPOSE = "cribbage-chance-v1"
TABLE = "table"


class HmacSha256:
    """HMAC-SHA256 (RFC 2104) under one secret, with the key's two padded blocks hashed once.

    Every move checks a credential, and ``hmac.digest`` has OpenSSL look the algorithm up on
    every call (twice the cost of two copies of hashes already begun); the
    output is the standard one (a test compares it with :func:`hmac.digest`).

    >>> HmacSha256(b"k" * 32).digest(b"game:0") == hmac.digest(b"k" * 32, b"game:0", "sha256")
    True
    """

    __slots__ = ("_inner", "_outer")
    BLOCK = 64  # SHA-256's block size; a longer key would be hashed first (ours are 32 bytes)

    def __init__(self, secret: bytes) -> None:
        if len(secret) > self.BLOCK:
            secret = hashlib.sha256(secret).digest()
        block = secret.ljust(self.BLOCK, b"\0")
        self._inner = hashlib.sha256(bytes(byte ^ 0x36 for byte in block))
        self._outer = hashlib.sha256(bytes(byte ^ 0x5C for byte in block))

    def digest(self, message: bytes) -> bytes:
        inner = self._inner.copy()
        inner.update(message)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()


@functools.lru_cache(maxsize=64)
def _hmac(secret: bytes) -> HmacSha256:
    return HmacSha256(secret)


def _mac(secret: bytes, game_id: str, who: str) -> str:
    digest = _hmac(secret).digest(f"{game_id}:{who}".encode())
    return base64.urlsafe_b64encode(digest[:18]).decode("ascii")  # 144 bits, 24 characters


def seat_credential(game_id: str, seat: int) -> str:
    """The credential of ``seat`` in the game ``game_id`` (under the sealing key)."""
    return _mac(state_token.sealer().derive(CREDENTIAL_PURPOSE)[0], game_id, str(seat))


def table_credential(game_id: str) -> str:
    """The credential good for every seat of the game ``game_id``."""
    return _mac(state_token.sealer().derive(CREDENTIAL_PURPOSE)[0], game_id, TABLE)


def _accepts(game_id: str, seat: int, credential: str) -> bool:
    given = credential.encode()
    for secret in state_token.sealer().derive(CREDENTIAL_PURPOSE):  # every current key: rotation
        for who in (str(seat), TABLE):
            if hmac.compare_digest(_mac(secret, game_id, who).encode(), given):
                return True
    return False


def authorize(state: GameState, seats: Iterable[int | None], credential: str | None) -> None:
    """Raise a 403 problem unless ``credential`` is good for every seat in ``seats`` (``None``,
    a spectator, needs nothing). A seat the computer plays is no one's: the table credential
    covers the seats people play."""
    wanted = sorted({seat for seat in seats if seat is not None})
    if not wanted:
        return
    if credential is None:
        raise ApiError(
            403,
            "seat-credential-missing",
            "This seat's credential is needed",
            f"seeing seat {wanted[0]}'s cards or acting for it needs its credential (from the answer "
            "that started the game); without one, ask as a spectator (no seat)",
            errors=[{"pointer": "/credential", "detail": "missing"}],
        )
    for seat in wanted:
        if state.plays_itself(seat):  # no credential shows the computer's cards, not even the table's
            raise ApiError(
                403,
                "seat-played-by-computer",
                "The computer plays this seat",
                f"seat {seat} is played by the computer: no credential shows its cards through its seat "
                "(the game's record shows them once it is over); ask for your own seat, or for none",
                errors=[{"pointer": "/seat", "detail": f"seat {seat} is the computer's"}],
            )
        if not _accepts(state.game_id, seat, credential):
            raise ApiError(
                403,
                "seat-credential-wrong",
                "Not this seat's credential",
                f"the credential given is not seat {seat}'s in this game",
                errors=[{"pointer": "/credential", "detail": f"not seat {seat}'s"}],
            )


def chance_seed(seed: int | None) -> int:
    """The seed the deals come from: a fresh secure one, or the client's mixed with the key's
    secret (the same client seed gives the same game with the same key, another with another)."""
    if seed is None:
        return secrets.randbelow(MAX_SEED + 1)
    secret = state_token.sealer().derive(CHANCE_PURPOSE)[0]
    digest = hmac.new(secret, str(seed).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def new_game_id() -> str:
    """A fresh game id: 128 random bits, url-safe."""
    return secrets.token_urlsafe(16)


def is_table_credential(game_id: str, credential: str | None) -> bool:
    """Whether ``credential`` is the table credential of the game ``game_id`` (under any current key)."""
    if credential is None:
        return False
    given = credential.encode()
    return any(
        hmac.compare_digest(_mac(secret, game_id, TABLE).encode(), given)
        for secret in state_token.sealer().derive(CREDENTIAL_PURPOSE)
    )


# --- the next game of a match ----------------------------------------------------------------
# Stateless: whoever asks for the next game after the same finished game gets the same one (its
# id and its seed derived from the finished game's under the key), so each player's device moves
# on by itself and lands at the same table, and each seat's new credential follows from the new
# id as the first game's did.

NEXT_GAME_PURPOSE = "cribbage-next-game-v1"


def next_game_id(game_id: str) -> str:
    """The id of the next game of the match after the game ``game_id``: 128 bits, url-safe."""
    secret = state_token.sealer().derive(NEXT_GAME_PURPOSE)[0]
    digest = hmac.new(secret, f"{game_id}:id".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode("ascii").rstrip("=")


def next_chance_seed(state: GameState) -> int:
    """The seed of the next game of the match after ``state``: from its game id and seed under
    a secret of the key, so nobody, the players included (a finished game's record shows its
    seed), can tell the next game's deals from this one's."""
    secret = state_token.sealer().derive(CHANCE_PURPOSE)[0]
    digest = hmac.new(secret, f"next:{state.game_id}:{state.seed}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED
