"""The sealed state token: confidential, tamper-evident, rotatable; a bad token is a 400."""

from __future__ import annotations

import base64
import multiprocessing
import time
import zlib

import orjson
import pytest

from service.api.app import create_app
from service.api.config import Config
from service.api.problems import ApiError
from service.api.state_token import DEFLATE_ABOVE, HEADER, NONCE_BYTES, StateSealer, generate_key
from service.core.computer.play import apply, new_game
from service.core.game.codec import encode_state, letters
from service.core.game.engine import Action, current_player
from service.core.game.state import deal_cards
from service.core.rules import resolve

KEY_A = generate_key()
KEY_B = generate_key()


def a_state() -> dict[str, object]:
    state, _ = new_game(resolve("six_card"), 12345, dealer=0)
    state, _ = apply(state, Action("auto", 1))
    return encode_state(state)


def test_round_trip() -> None:
    sealer = StateSealer([KEY_A])
    data = a_state()
    assert sealer.open(sealer.seal(data)) == data


def refused(sealer: StateSealer, token: str) -> ApiError:
    with pytest.raises(ApiError) as error:
        sealer.open(token)
    assert error.value.status == 400 and error.value.slug == "invalid-state-token"
    return error.value


def test_any_changed_byte_is_refused() -> None:
    sealer = StateSealer([KEY_A])
    token = sealer.seal(a_state())
    raw = bytearray(base64.urlsafe_b64decode(token))
    for position in range(0, len(raw), 3):
        changed = bytearray(raw)
        changed[position] ^= 0x01
        refused(sealer, base64.urlsafe_b64encode(bytes(changed)).decode())
    for position in range(0, len(token), 7):  # and any changed character of the text
        flipped = "A" if token[position] != "A" else "B"
        refused(sealer, token[:position] + flipped + token[position + 1 :])


def test_truncated_extended_and_made_up_tokens_are_refused() -> None:
    sealer = StateSealer([KEY_A])
    token = sealer.seal(a_state())
    for cut in (1, 5, 16, len(token) // 2, len(token) - 1):
        refused(sealer, token[:cut])
    refused(sealer, token + "AAAA")
    for made_up in ("", "x", "gAAAAA", "é", "A" * 200, base64.urlsafe_b64encode(b"\x80" + b"\x00" * 100).decode()):
        refused(sealer, made_up)


def test_a_token_from_another_key_is_refused() -> None:
    token = StateSealer([KEY_B]).seal(a_state())
    refused(StateSealer([KEY_A]), token)


def test_rotation_new_key_seals_old_keys_still_open() -> None:
    old_token = StateSealer([KEY_A]).seal(a_state())
    rotated = StateSealer([KEY_B, KEY_A])
    assert rotated.open(old_token) == a_state()
    new_token = rotated.seal(a_state())
    assert StateSealer([KEY_B]).open(new_token) == a_state()
    refused(StateSealer([KEY_A]), new_token)  # sealed with the new key
    assert rotated.describe() == "configured (2 keys)"


def _seal_raw(key: str, kind: int, plain: bytes) -> str:
    """A token sealed with ``key`` the way the service seals, around any bytes."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCMSIV

    header, nonce = HEADER.pack(kind, int(time.time())), b"\1" * NONCE_BYTES
    cipher = AESGCMSIV(StateSealer([key]).derive("cribbage-state-token-v1")[0])
    return base64.urlsafe_b64encode(header + nonce + cipher.encrypt(nonce, plain, header)).decode()


def test_a_genuine_token_that_holds_no_state_is_refused() -> None:
    sealer = StateSealer([KEY_A])
    assert sealer.open(_seal_raw(KEY_A, 1, b'{"v": 1}')) == {"v": 1}  # the helper seals as the service does
    refused(sealer, _seal_raw(KEY_A, 1, b"{not json"))
    refused(sealer, _seal_raw(KEY_A, 2, b"not deflated"))
    refused(sealer, _seal_raw(KEY_A, 2, zlib.compress(b"{not json")))
    refused(sealer, _seal_raw(KEY_A, 2, zlib.compress(b" " * (1 << 20))))  # inflates past the limit
    refused(sealer, _seal_raw(KEY_A, 3, b'{"v": 1}'))  # a format this service does not write


def test_long_states_are_deflated_short_ones_not() -> None:
    sealer = StateSealer([KEY_A])
    short = {"log": "a" * 100}
    long = {"log": "ab" * DEFLATE_ABOVE}
    short_token, long_token = sealer.seal(short), sealer.seal(long)
    assert base64.urlsafe_b64decode(short_token)[0] == 1 and sealer.open(short_token) == short
    assert base64.urlsafe_b64decode(long_token)[0] == 2 and sealer.open(long_token) == long
    assert len(long_token) < len(orjson.dumps(long)) // 4


def test_bad_keys_fail_at_start_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="key 2 is not a state key"):
        StateSealer([KEY_A, "not-a-key"])
    with pytest.raises(ValueError, match="key 1 is not a state key"):
        StateSealer([base64.urlsafe_b64encode(b"16 bytes is not!").decode()])
    with pytest.raises(ValueError):
        create_app(Config(state_keys=("short",)))


def test_no_card_can_be_read_from_a_token() -> None:
    sealer = StateSealer([KEY_A])
    data = a_state()
    token = sealer.seal(data)
    state, _ = new_game(resolve("six_card"), 12345, dealer=0)
    hands = deal_cards(state.rules, state.deck, state.dealer)
    plain = orjson.dumps(data)  # what the token holds, encrypted
    assert sealer.open(token) == data
    deck = letters(state.deck).encode()
    secrets = [deck[i : i + 8] for i in range(0, 52, 4)]  # any 8 cards of the deck, in order
    secrets += ["".join(str(c) for c in hand).encode() for hand in hands]
    secrets += [orjson.dumps([str(c) for c in hand]) for hand in hands]
    # the plaintext holds the deck (so the search below means something) ...
    assert deck in plain
    # ... but neither the token's text nor its bytes show any of it, or any of the state's structure
    raw = base64.urlsafe_b64decode(token)
    for blob in (token.encode(), raw):
        for secret in [*secrets, b'"k":', b'"log"', orjson.dumps(data)[:12]]:
            assert secret not in blob
    # and nothing in a deflated one inflates to the state: the compressed state is encrypted too
    long = {**data, "log": "x" * 2 * DEFLATE_ABOVE}
    raw = base64.urlsafe_b64decode(sealer.seal(long))
    assert raw[0] == 2
    for start in range(len(raw)):
        try:
            inflated = zlib.decompressobj().decompress(raw[start:], 4096)
        except zlib.error:
            continue
        assert b'"k"' not in inflated and b"xxxx" not in inflated


def test_apps_without_a_key_each_generate_one_and_say_so() -> None:
    app_one = create_app(Config(testing=True))
    assert app_one.test_client().get("/readyz").get_json()["checks"]["state_key"].startswith("generated")
    app_two = create_app(Config(testing=True))
    token = app_one.extensions["cribbage.state_sealer"].seal({"v": 1})
    with pytest.raises(ApiError):
        app_two.extensions["cribbage.state_sealer"].open(token)


def test_configured_keys_are_reported_and_shared_between_servers() -> None:
    one = create_app(Config(testing=True, state_keys=(KEY_A,)))
    two = create_app(Config(testing=True, state_keys=(KEY_B, KEY_A)))
    assert one.test_client().get("/readyz").get_json()["checks"]["state_key"] == "configured (1 key)"
    created = one.test_client().post("/v1/games", json={"seed": 5, "dealer": 0, "seat": 1}).get_json()
    moved = two.test_client().post(
        "/v1/games/act",
        json={
            "state": created["state"],
            "seat": 1,
            "action": {"type": "auto", "seat": 1},
            "credential": created["credentials"]["table"],
        },
    )
    assert moved.status_code == 200


def _open_in_child(token: str, queue: multiprocessing.Queue[object]) -> None:
    from service.api import state_token

    app = _PRELOADED[0]
    sealer: state_token.StateSealer = app.extensions[state_token.EXTENSION]
    queue.put(sealer.open(token))


_PRELOADED: list[object] = []


def test_a_generated_key_is_shared_by_workers_forked_after_the_app_is_built() -> None:
    """What gunicorn's ``preload_app`` does: build the app once, then fork the workers."""
    app = create_app(Config(testing=True))
    _PRELOADED[:] = [app]
    token = app.extensions["cribbage.state_sealer"].seal({"v": 1, "from": "master"})
    context = multiprocessing.get_context("fork")
    queue: multiprocessing.Queue[object] = context.Queue()
    worker = context.Process(target=_open_in_child, args=(token, queue))
    worker.start()
    worker.join(30)
    assert queue.get(timeout=5) == {"v": 1, "from": "master"}
    assert worker.exitcode == 0


def test_the_state_of_a_whole_game_stays_small() -> None:
    sealer = StateSealer([KEY_A])
    for variant in ("six_card", "four_player", "three_player"):
        state, _ = new_game(resolve(variant), 99)
        largest = 0
        while not state.over:
            state, _ = apply(state, Action("auto", current_player(state) or 0))
            largest = max(largest, len(sealer.seal(encode_state(state))))
        assert largest < 1536, (variant, largest)


def test_keys_come_from_the_environment_comma_separated() -> None:
    config = Config.from_env({"CRIBBAGE_STATE_KEYS": f" {KEY_B} , {KEY_A},"})
    assert config.state_keys == (KEY_B, KEY_A)
    assert Config.from_env({}).state_keys == ()


def test_a_token_past_its_time_is_expired_and_the_time_cannot_be_changed() -> None:
    sealer = StateSealer([KEY_A])
    old = sealer.seal_at({"v": 1}, int(time.time()) - 100, b"\2" * NONCE_BYTES)
    assert sealer.open(old, ttl=1000) == {"v": 1}
    with pytest.raises(ApiError) as error:
        sealer.open(old, ttl=10)
    assert error.value.slug == "expired-state-token"
    raw = bytearray(base64.urlsafe_b64decode(old))
    raw[1:9] = HEADER.pack(1, int(time.time()))[1:]  # made younger: the header is authenticated
    refused(sealer, base64.urlsafe_b64encode(bytes(raw)).decode())


def test_the_same_nonce_twice_still_gives_tokens_that_say_nothing_of_each_other() -> None:
    """GCM-SIV: a repeated nonce (what a broken random source would do) shows at most that two
    states are equal; two different states under one nonce share no keystream."""
    sealer = StateSealer([KEY_A])
    nonce, at = b"\3" * NONCE_BYTES, 1_800_000_000
    one = base64.urlsafe_b64decode(sealer.seal_at({"k": "A" * 40}, at, nonce))
    two = base64.urlsafe_b64decode(sealer.seal_at({"k": "B" * 40}, at, nonce))
    start = HEADER.size + NONCE_BYTES
    xor = bytes(a ^ b for a, b in zip(one[start:], two[start:], strict=False))
    assert xor[6:46] != bytes([ord("A") ^ ord("B")]) * 40


def test_a_key_can_be_made_from_the_command_line() -> None:
    import subprocess
    import sys

    made = subprocess.run(
        [sys.executable, "-m", "service.api.state_token"], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert StateSealer([made]).describe() == "configured (1 key)"
    assert len(base64.urlsafe_b64decode(made)) == 32
