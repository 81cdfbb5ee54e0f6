#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Recompute each transformer preset's parameter count in data/catalogs/models.json
from its architecture fields and compare it with the published "params" value.

Usage: python3 tools/catalog/check_params.py [path/to/models.json]
Exit status 0 when every transformer preset matches exactly, 1 otherwise.

PARAMETER-COUNT RULES (the C implementation in src/core copies these exactly)
-----------------------------------------------------------------------------
Notation: h = hidden, L = layers, H = heads, K = kv_heads, d = head_dim,
f = ffn, V = vocab, E = experts. "LN" below is one norm of size h:
  layernorm -> 2*h (weight + bias), rmsnorm -> h (weight only).
Only kinds decoder, moe, encoder, encoder-decoder and vit are counted from the
architecture; cnn and diffusion-unet presets carry "params" only.

 1. Embeddings   = V*h + max_positions*h + type_vocab*h
                   (max_positions = rows of a LEARNED position table, 0 for
                   rotary/relative; for vit it must equal (input_size/patch_size)^2 + 1,
                   i.e. the patch positions plus the [CLS] position.)
 2. Output head  = V*h unless tied_embeddings, for decoder and moe.
                   encoder (BERT-style) and encoder-decoder with tied embeddings: none.
                   vit: classifier h*num_classes + num_classes.
 3. Attention per layer:
        q = h*H*d, k = h*K*d, v = h*K*d, o = H*d*h
        biases "all": + H*d + 2*K*d + h      (q, k, v and o biases)
        biases "qkv": + H*d + 2*K*d          (Qwen2: no o bias)
 4. MLP per layer (per expert for moe):
        gated (swiglu, geglu): 3*h*f ; otherwise (gelu, relu): 2*h*f
        biases "all": + f + h  (gated + all: + 2*f + h)
    moe: MLP * E, plus a bias-free router h*E per layer.
 5. Norms: 2 LN per layer, plus 1 final LN after the stack.
    Exception encoder (BERT-style, post-LN): the extra LN sits on the embeddings
    (embedding LayerNorm) instead of after the stack -- same count, 1 LN.
 6. encoder: pooler (if "pooler") = h*h + h.
 7. vit: patch embedding conv = image_channels*patch_size^2*h + h, plus [CLS]
    token h (position rows come from rule 1), final LN (rule 5), head (rule 2).
    HF ViTForImageClassification has no pooler.
 8. encoder-decoder (T5): "layers" = encoder layers, "decoder_layers" = decoder
    layers. Encoder layer = self-attention (rule 3) + MLP (rule 4) + 2 LN.
    Decoder layer = self-attention + cross-attention (4 more matrices of rule 3)
    + MLP + 3 LN. Each stack adds one final LN and relative_attention_buckets*H
    (relative position bias, held by the first layer of each stack only).
    Shared input embedding V*h used by both stacks; output head per rule 2
    (none when tied, as in the original T5 checkpoints).
 9. Biases "all" also means every LayerNorm has a bias (already in the 2*h of
    layernorm); "none"/"qkv" models use the norm type given by "norm".
10. Total = sum of the above; compare to the published "params" exactly.
"""
import json
import os
import sys

TRANSFORMER_KINDS = ("decoder", "moe", "encoder", "encoder-decoder", "vit")


def norm_size(m):
    return 2 * m["hidden"] if m["norm"] == "layernorm" else m["hidden"]


def attention(m):
    h, H, K, d = m["hidden"], m["heads"], m["kv_heads"], m["head_dim"]
    n = h * H * d + 2 * h * K * d + H * d * h
    if m["biases"] == "all":
        n += H * d + 2 * K * d + h
    elif m["biases"] == "qkv":
        n += H * d + 2 * K * d
    return n


def mlp(m):
    h, f = m["hidden"], m["ffn"]
    gated = m["ffn_act"] in ("swiglu", "geglu")
    n = (3 if gated else 2) * h * f
    if m["biases"] == "all":
        n += (2 * f + h) if gated else (f + h)
    return n


def count(m):
    """Return (total, breakdown dict) for one transformer preset."""
    kind = m["kind"]
    h, V = m["hidden"], m["vocab"]
    ln = norm_size(m)
    b = {}
    b["embeddings"] = V * h + m["max_positions"] * h + m["type_vocab"] * h
    if kind == "vit":
        p = m["patch_size"]
        b["patch_embed"] = m["image_channels"] * p * p * h + h
        b["cls_token"] = h
        b["head"] = h * m["num_classes"] + m["num_classes"]
    elif kind in ("decoder", "moe"):
        b["head"] = 0 if m["tied_embeddings"] else V * h
    elif kind == "encoder-decoder":
        b["head"] = 0 if m["tied_embeddings"] else V * h
    else:  # encoder
        b["head"] = 0

    layer_mlp = mlp(m)
    if kind == "moe":
        layer_mlp = layer_mlp * m["experts"] + h * m["experts"]
    layer = attention(m) + layer_mlp + 2 * ln
    b["layers"] = m["layers"] * layer
    b["final_norm"] = ln  # or BERT's embedding LayerNorm (rule 5)

    if kind == "encoder" and m.get("pooler"):
        b["pooler"] = h * h + h
    if kind == "encoder-decoder":
        dec_layer = 2 * attention(m) + mlp(m) + 3 * ln
        b["decoder_layers"] = m["decoder_layers"] * dec_layer
        b["decoder_final_norm"] = ln
        b["relative_bias"] = 2 * m["relative_attention_buckets"] * m["heads"]
    return sum(b.values()), b


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "..", "..", "data", "catalogs", "models.json")
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    bad = 0
    for m in doc["models"]:
        if m["kind"] not in TRANSFORMER_KINDS:
            print(f"skip  {m['id']:<16} kind={m['kind']} params={m['params']:,} (published, not derived)")
            continue
        if m["kind"] == "vit":
            want_pos = (m["input_size"] // m["patch_size"]) ** 2 + 1
            if m["max_positions"] != want_pos:
                print(f"FAIL  {m['id']}: max_positions {m['max_positions']} != {want_pos}")
                bad += 1
        total, parts = count(m)
        if total == m["params"]:
            print(f"ok    {m['id']:<16} {total:>18,}")
        else:
            bad += 1
            print(f"FAIL  {m['id']:<16} computed {total:,} published {m['params']:,} "
                  f"diff {total - m['params']:+,} {parts}")
    print("all transformer presets match" if not bad else f"{bad} mismatch(es)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
