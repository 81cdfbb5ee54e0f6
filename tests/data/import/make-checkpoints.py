#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the checkpoint fixtures of tests/data/import (standard library only).

  tiny-llama/      a 2-layer LlamaForCausalLM: config.json + model.safetensors
  tiny-sharded/    the same model in two shards + model.safetensors.index.json
  tiny-mismatch/   a config of 2 layers beside a checkpoint of 3
  hf/Qwen2.5-7B/, hf/Mixtral-8x7B-v0.1/
                   model.safetensors.index.json with the published total_size
                   (weights alone, no shards)

Tensor names and shapes follow transformers' modeling_llama / modeling_qwen2 /
modeling_mixtral; the safetensors layout follows the format's README
(8-byte little-endian header length, JSON header padded with spaces to a
multiple of 8, then the data).  The weights are zeros: only headers matter.

Run from this directory:  /usr/bin/python3 make-checkpoints.py
"""

import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

TINY = {
    "architectures": ["LlamaForCausalLM"],
    "hidden_act": "silu",
    "hidden_size": 16,
    "intermediate_size": 32,
    "model_type": "llama",
    "num_attention_heads": 4,
    "num_hidden_layers": 2,
    "num_key_value_heads": 2,
    "rms_norm_eps": 1e-05,
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
    "vocab_size": 64,
}


def llama_tensors(cfg, layers):
    h, f, v = cfg["hidden_size"], cfg["intermediate_size"], cfg["vocab_size"]
    d = h // cfg["num_attention_heads"]
    kv = cfg["num_key_value_heads"] * d
    out = [("model.embed_tokens.weight", [v, h])]
    for i in range(layers):
        p = "model.layers.%d." % i
        out += [
            (p + "self_attn.q_proj.weight", [h, h]),
            (p + "self_attn.k_proj.weight", [kv, h]),
            (p + "self_attn.v_proj.weight", [kv, h]),
            (p + "self_attn.o_proj.weight", [h, h]),
            (p + "mlp.gate_proj.weight", [f, h]),
            (p + "mlp.up_proj.weight", [f, h]),
            (p + "mlp.down_proj.weight", [h, f]),
            (p + "input_layernorm.weight", [h]),
            (p + "post_attention_layernorm.weight", [h]),
        ]
    out += [("model.norm.weight", [h]), ("lm_head.weight", [v, h])]
    return out


def numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def write_safetensors(path, tensors, size=2, dtype="BF16"):
    header, offset = {"__metadata__": {"format": "pt"}}, 0
    for name, shape in tensors:
        nbytes = numel(shape) * size
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + nbytes]}
        offset += nbytes
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        f.write(b"\0" * offset)
    return offset


def write_json(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, indent=2)
        f.write("\n")


def tiny_dirs():
    for name in ("tiny-llama", "tiny-sharded", "tiny-mismatch"):
        os.makedirs(os.path.join(HERE, name), exist_ok=True)
        write_json(os.path.join(HERE, name, "config.json"), TINY)
    tensors = llama_tensors(TINY, 2)
    write_safetensors(os.path.join(HERE, "tiny-llama", "model.safetensors"), tensors)
    write_safetensors(os.path.join(HERE, "tiny-mismatch", "model.safetensors"),
                      llama_tensors(TINY, 3))
    first = [t for t in tensors if t[0].startswith(("model.embed", "model.layers.0."))]
    second = [t for t in tensors if t not in first]
    shards = ["model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors"]
    total = 0
    weight_map = {}
    for shard, part in zip(shards, (first, second)):
        total += write_safetensors(os.path.join(HERE, "tiny-sharded", shard), part)
        weight_map.update({name: shard for name, _ in part})
    write_json(os.path.join(HERE, "tiny-sharded", "model.safetensors.index.json"),
               {"metadata": {"total_size": total}, "weight_map": weight_map})


def index(path, names, n_shards, total_size):
    # The shard each tensor lands in is spread evenly here; the published
    # index assigns them by size.  Only the names and total_size are read.
    shard = "model-%05d-of-%05d.safetensors"
    per = -(-len(names) // n_shards)
    weight_map = {n: shard % (i // per + 1, n_shards) for i, n in enumerate(names)}
    write_json(path, {"metadata": {"total_size": total_size}, "weight_map": weight_map})


def qwen_names(layers):
    names = ["model.embed_tokens.weight", "model.norm.weight", "lm_head.weight"]
    for i in range(layers):
        p = "model.layers.%d." % i
        for proj in ("q", "k", "v"):
            names += [p + "self_attn.%s_proj.weight" % proj, p + "self_attn.%s_proj.bias" % proj]
        names += [p + "self_attn.o_proj.weight", p + "mlp.gate_proj.weight",
                  p + "mlp.up_proj.weight", p + "mlp.down_proj.weight",
                  p + "input_layernorm.weight", p + "post_attention_layernorm.weight"]
    return sorted(names)


def mixtral_names(layers, experts):
    names = ["model.embed_tokens.weight", "model.norm.weight", "lm_head.weight"]
    for i in range(layers):
        p = "model.layers.%d." % i
        names += [p + "self_attn.%s_proj.weight" % x for x in "qkvo"]
        names += [p + "block_sparse_moe.gate.weight", p + "input_layernorm.weight",
                  p + "post_attention_layernorm.weight"]
        for e in range(experts):
            names += [p + "block_sparse_moe.experts.%d.w%d.weight" % (e, w) for w in (1, 2, 3)]
    return sorted(names)


def main():
    tiny_dirs()
    # total_size: 2 bytes (bfloat16) × the published parameter count
    index(os.path.join(HERE, "hf", "Qwen2.5-7B", "model.safetensors.index.json"),
          qwen_names(28), 4, 15231233024)
    index(os.path.join(HERE, "hf", "Mixtral-8x7B-v0.1", "model.safetensors.index.json"),
          mixtral_names(32, 8), 19, 93405585408)


if __name__ == "__main__":
    main()
