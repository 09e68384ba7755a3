"""Who may see a seat's cards and act for it: seat credentials, and the deal's secret share.

Whoever holds a game's state token may see what a spectator sees, and nothing more. Seeing a
seat's hand, and acting for it, needs that seat's credential: an HMAC of the game's id and the
seat under the game's own secret (:class:`GameSecret`: 32 random bytes made when the game
starts, sealed in its state token beside the state and never shown), so it is unforgeable,
bound to one game and one seat, and needs no storage (every server that can open the token
checks it). The game's creator gets every seat's credential and hands each player theirs; it
also gets the *table* credential, good for every seat a person plays in that game, for one
device that plays every person's seat (passing one phone around a table, or a relay acting for
its players). A seat the computer plays is no one's: the server plays it, and no credential
shows its cards while the game is on.

The game's secret, not the state key, vouches for its credentials and names its match's next
game, so a key rotation changes none of them: every replica, whichever keys it holds, derives
the same credentials and the same next game from a token it can open, and a game's credentials
stay good for the whole game after the key that started it is dropped (docs/deployment.md).
A state sealed before games had their own secret vouches with one derived from each state key
(a credential derived under any configured key is accepted, as it was then).

The deal is not the client's to choose either: without a ``seed`` a game is dealt from a fresh
secret one. A client's ``seed`` makes a game reproducible, and the shuffle comes from that seed
mixed with a secret derived from the state key (:func:`chance_seed`), so the deals cannot be
computed offline; the server still answers for any seed, so whoever played a seed knows its
deals (games between people start without one; ``CRIBBAGE_CLIENT_SEEDS=off`` refuses seeds).
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from ..core.game.state import MAX_SEED, GameState
from . import state_token
from .problems import ApiError
from .wire.problem_texts import said

CREDENTIAL_PURPOSE = "cribbage-seat-credential-v1"
CHANCE_PURPOSE = "cribbage-chance-v1"
NEXT_GAME_PURPOSE = "cribbage-next-game-v1"
TABLE = "table"
SECRET_FIELD = "gk"  # the game's secret in its sealed token, beside the state's own fields
SECRET_BYTES = 32


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


class GameSecret:
    """The secret a game's credentials and its match's next game come from.

    ``root`` is the game's own 32 bytes. A state sealed before games had one has none of its
    own (``credential_keys`` given): ``root`` and the credential keys are then derived from the
    state keys (the credential keys one per configured key, as credentials were derived then),
    and it is sealed again without one, so that its credentials stay good to its end."""

    __slots__ = ("_credential_keys", "_own", "root")

    def __init__(self, root: bytes, credential_keys: tuple[bytes, ...] | None = None) -> None:
        self.root = root
        self._own = credential_keys is None
        # The root keys the credentials itself: their messages ("<game id>:<seat>", ":table")
        # are not those of next_game's ("<game id>:id", ":seed", ":secret"), which is all HMAC
        # needs to keep them apart, and it saves an HMAC a request.
        self._credential_keys = credential_keys or (root,)

    @classmethod
    def fresh(cls) -> GameSecret:
        """A new game's secret."""
        return cls(secrets.token_bytes(SECRET_BYTES))

    @classmethod
    def of(cls, sealed: Mapping[str, Any]) -> GameSecret:
        """The secret sealed in a token's data (:meth:`seal_into` put it there)."""
        text = sealed.get(SECRET_FIELD)
        if text is None:  # sealed before games had their own secret
            sealer = state_token.sealer()
            return cls(sealer.derive(NEXT_GAME_PURPOSE)[0], sealer.derive(CREDENTIAL_PURPOSE))
        try:
            root = base64.urlsafe_b64decode(text) if isinstance(text, str) else b""
        except (ValueError, binascii.Error):
            root = b""
        if len(root) != SECRET_BYTES:  # a token we sealed always has one; a leaked key could forge this
            raise state_token.bad_token("token_no_state")
        return cls(root)

    def seal_into(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (an encoded state) with this secret beside it, to be sealed."""
        if self._own:
            data[SECRET_FIELD] = base64.urlsafe_b64encode(self.root).decode("ascii")
        return data

    def credential(self, game_id: str, seat: int | None) -> str:
        """The credential of ``seat`` in the game ``game_id``, or the table's (``None``)."""
        return _mac(self._credential_keys[0], game_id, TABLE if seat is None else str(seat))

    def accepts(self, game_id: str, seat: int, credential: str) -> bool:
        """Whether ``credential`` is ``seat``'s or the table's."""
        given = credential.encode()
        return any(
            hmac.compare_digest(_mac(key, game_id, who).encode(), given)
            for key in self._credential_keys
            for who in (str(seat), TABLE)
        )

    def is_table(self, game_id: str, credential: str | None) -> bool:
        """Whether ``credential`` is the table credential of the game ``game_id``."""
        if credential is None:
            return False
        given = credential.encode()
        return any(hmac.compare_digest(_mac(key, game_id, TABLE).encode(), given) for key in self._credential_keys)

    def next_game(self, state: GameState) -> tuple[str, int, GameSecret]:
        """The id, the seed and the secret of the next game of the match after ``state``.

        Stateless: whoever asks after the same finished game gets the same next game, from any
        replica whatever its keys, so each player's device moves on by itself and lands at the
        same table, and each seat's new credential follows from the new secret. Nobody, the
        players included, can tell the next game's deals from this one's: the seed comes from
        the secret (and no answer shows a seed)."""
        game_id, seed = state.game_id, state.seed
        derived = [_hmac(self.root).digest(f"{game_id}:{part}".encode()) for part in ("id", "seed", "secret")]
        next_id = base64.urlsafe_b64encode(derived[0][:16]).decode("ascii").rstrip("=")
        next_seed = int.from_bytes(_hmac(derived[1]).digest(str(seed).encode())[:8], "big") & MAX_SEED
        return next_id, next_seed, GameSecret(derived[2])


def authorize(state: GameState, secret: GameSecret, seats: Iterable[int | None], credential: str | None) -> None:
    """Raise a 403 problem unless ``credential`` is good for every seat in ``seats`` (``None``,
    a spectator, needs nothing) in the game ``state`` whose secret is ``secret``. A seat the
    computer plays is no one's: the table credential covers the seats people play."""
    wanted = sorted({seat for seat in seats if seat is not None})
    if not wanted:
        return
    for seat in wanted:
        if state.plays_itself(seat):  # no credential shows the computer's cards, not even the table's
            raise ApiError(
                "seat-played-by-computer",
                said("seat_by_computer", seat=seat),
                errors=[{"pointer": "/seat", "detail": said("e_seat_by_computer", seat=seat)}],
            )
    if credential is None:  # after the computer's seats: no credential would open those
        raise ApiError(
            "seat-credential-missing",
            said("credential_missing", seat=wanted[0]),
            errors=[{"pointer": "/credential", "detail": said("e_credential_missing")}],
        )
    for seat in wanted:
        if not secret.accepts(state.game_id, seat, credential):
            raise ApiError(
                "seat-credential-wrong",
                said("credential_wrong", seat=seat),
                errors=[{"pointer": "/credential", "detail": said("e_credential_wrong", seat=seat)}],
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
