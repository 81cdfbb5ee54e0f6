#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""rigplan-probe: measure a few training steps of a Rigplan scenario on this machine.

    rigplan-probe FILE.rigplan [--device auto|cpu|cuda] [--steps N] [-o OUT.rigplan-measure]
    rigplan-probe PROBE.json ...          (what `rigplan-cli export FILE --format probe` writes)

The model is built with random weights (Llama- and GPT-2-style decoders, BERT-style
encoders, mixture-of-experts decoders, ViT, and torchvision CNNs), then trained for a
few warm-up and timed steps with the scenario's micro batch, sequence length (or image
size), precision, optimizer, recomputation and LoRA/QLoRA, on one CUDA or ROCm GPU or
on the CPU.  Nothing is downloaded.  The measurement file (docs/measure-format.md) says
what ran, on what, how long a step took, the peak memory, and what could not be
reproduced.  When the model does not fit the device, a few layers are measured at two
depths and the per-layer cost is recorded (the slope), so that `rigplan-cli calibrate`
can calibrate a model that needs several GPUs from one.

Exit status: 0 ok, 1 the scenario cannot be measured here, 2 usage.
"""

import argparse
import datetime
import json
import math
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import time

FORMAT = "rigplan-measure"
VERSION = 1
INPUT_FORMAT = "rigplan-probe-input"
TOOL = "rigplan-probe 1"

# A step that uses more than this share of the device's free memory is not tried:
# the probe measures layers at two depths instead (the caching allocator and the
# CUDA context need the rest).
FIT_SHARE = 0.85
# Dropout probability when the scenario trains with dropout (GPT-2's and BERT's).
DROPOUT_P = 0.1


class ProbeError(Exception):
    """A scenario this machine cannot measure: the message names the key."""


def fail(message, status=1):
    print("rigplan-probe: " + message, file=sys.stderr)
    sys.exit(status)


# ---- torch, found or explained ---------------------------------------------

def import_torch():
    try:
        import torch  # noqa: F401
        return torch
    except ImportError:
        pass
    # Debian's python3-torch is importable only by /usr/bin/python3; the python3
    # first on PATH may be another one.  Try it once before giving up.
    system = "/usr/bin/python3"
    if (os.environ.get("RIGPLAN_PROBE_REEXEC") is None and os.path.exists(system) and
            os.path.realpath(sys.executable) != os.path.realpath(system)):
        os.environ["RIGPLAN_PROBE_REEXEC"] = "1"
        os.execv(system, [system, os.path.abspath(__file__)] + sys.argv[1:])
    fail("PyTorch is not installed for %s (Debian: apt install python3-torch; "
         "elsewhere: pip install torch), or run the probe with the Python that has it: "
         "python3 %s ..." % (sys.executable, os.path.abspath(__file__)))
    return None


torch = None
nn = None
F = None


# ---- the scenario ----------------------------------------------------------

def find_cli(given):
    candidates = []
    if given:
        candidates.append(given)
    if os.environ.get("RIGPLAN_CLI"):
        candidates.append(os.environ["RIGPLAN_CLI"])
    here = os.path.dirname(os.path.abspath(__file__))
    candidates.append(os.path.join(here, "rigplan-cli"))
    found = shutil.which("rigplan-cli")
    if found:
        candidates.append(found)
    for c in candidates:
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def load_input(path, cli):
    """The probe input: a rigplan-probe-input JSON, or a scenario exported through
    rigplan-cli (which resolves presets and the single-device configuration)."""
    try:
        with open(path, "rb") as f:
            data = f.read(16 * 1024 * 1024 + 1)
    except OSError as e:
        raise ProbeError("%s: %s" % (path, e.strerror))
    if len(data) > 16 * 1024 * 1024:
        raise ProbeError("%s: larger than 16 MiB; not a scenario" % path)
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise ProbeError("%s: not JSON (%s)" % (path, e))
    if not isinstance(doc, dict):
        raise ProbeError("%s: expected a JSON object" % path)
    fmt = doc.get("format")
    if fmt == INPUT_FORMAT:
        if not isinstance(doc.get("version"), int) or doc["version"] > 1:
            raise ProbeError("%s: version: %r is newer than this probe understands (1)"
                             % (path, doc.get("version")))
        return doc
    if fmt != "rigplan-scenario":
        raise ProbeError("%s: format: expected \"rigplan-scenario\" or \"%s\", found %r"
                         % (path, INPUT_FORMAT, fmt))
    exe = find_cli(cli)
    if exe is None:
        raise ProbeError("rigplan-cli not found (next to the probe, on PATH or in "
                         "$RIGPLAN_CLI): it resolves the scenario's model; or give the "
                         "file `rigplan-cli export %s --format probe` writes" % path)
    run = subprocess.run([exe, "export", path, "--format", "probe"], capture_output=True)
    if run.returncode != 0:
        raise ProbeError(run.stderr.decode("utf-8", "replace").strip() or
                         "rigplan-cli export failed (%d)" % run.returncode)
    try:
        doc = json.loads(run.stdout.decode("utf-8"))
    except ValueError as e:
        raise ProbeError("rigplan-cli export --format probe: not JSON (%s)" % e)
    doc.setdefault("scenario", {})["file"] = path
    return doc


# ---- models ----------------------------------------------------------------

RMSNorm = None
LoRALinear = None
LionOptimizer = None


def define_models():
    """The model classes, defined once torch is imported."""
    global RMSNorm

    class _RMSNorm(nn.Module):
        # As Hugging Face's LlamaRMSNorm: in fp32, then back to the input's type.
        def __init__(self, h, eps=1e-6):
            super().__init__()
            self.weight = nn.Parameter(torch.ones(h))
            self.eps = eps

        def forward(self, x):
            dtype = x.dtype
            x = x.float()
            x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
            return self.weight * x.to(dtype)

    RMSNorm = _RMSNorm
    return _RMSNorm


def make_norm(arch, h):
    if arch.get("norm") == "rmsnorm":
        return RMSNorm(h)
    return nn.LayerNorm(h)


def define_lora():
    global LoRALinear

    class _LoRALinear(nn.Module):
        """y = base(x) + (x A^T) B^T · alpha / r  (Hu et al. 2021); base frozen."""

        def __init__(self, base, rank):
            super().__init__()
            self.base = base
            self.rank = rank
            self.scale = 2.0            # alpha = 2r
            p = next(base.parameters())
            device = p.device
            dtype = p.dtype if p.dtype.is_floating_point else torch.bfloat16
            self.lora_a = nn.Parameter(torch.empty(rank, base.in_features, device=device,
                                                   dtype=dtype))
            self.lora_b = nn.Parameter(torch.zeros(base.out_features, rank, device=device,
                                                   dtype=dtype))
            nn.init.kaiming_uniform_(self.lora_a, a=math.sqrt(5))

        def forward(self, x):
            y = self.base(x)
            return y + F.linear(F.linear(x.to(self.lora_a.dtype), self.lora_a),
                                self.lora_b).to(y.dtype) * self.scale

    LoRALinear = _LoRALinear
    return _LoRALinear


def rotary(x, positions):
    """Rotary position embedding (Su et al. 2021), half-split as in Llama."""
    d = x.shape[-1]
    inv = 1.0 / (10000 ** (torch.arange(0, d, 2, device=x.device, dtype=torch.float32) / d))
    freqs = torch.outer(positions.float(), inv)
    cos = torch.cat([freqs.cos(), freqs.cos()], dim=-1).to(x.dtype)
    sin = torch.cat([freqs.sin(), freqs.sin()], dim=-1).to(x.dtype)
    x1, x2 = x[..., : d // 2], x[..., d // 2:]
    return x * cos + torch.cat([-x2, x1], dim=-1) * sin


def build_transformer_classes(plan):
    arch = plan["arch"]
    ran = plan["ran"]

    class Attention(nn.Module):
        def __init__(self, causal):
            super().__init__()
            h = arch["hidden"]
            self.heads = arch["heads"]
            self.kv_heads = arch.get("kv_heads") or self.heads
            self.d = arch.get("head_dim") or h // self.heads
            qkv_bias = arch.get("biases") in ("all", "qkv")
            self.q = nn.Linear(h, self.heads * self.d, bias=qkv_bias)
            self.k = nn.Linear(h, self.kv_heads * self.d, bias=qkv_bias)
            self.v = nn.Linear(h, self.kv_heads * self.d, bias=qkv_bias)
            self.o = nn.Linear(self.heads * self.d, h, bias=arch.get("biases") == "all")
            self.causal = causal
            self.rope = arch.get("max_positions", 0) == 0 and arch["kind"] != "vit"
            self.drop = DROPOUT_P if ran["dropout"] else 0.0

        def core(self, q, k, v):
            if ran["attention"] == "sdpa":
                return F.scaled_dot_product_attention(q, k, v, is_causal=self.causal,
                                                      dropout_p=self.drop if self.training else 0)
            s = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.d)
            if self.causal:
                t = s.shape[-1]
                mask = torch.full((t, t), float("-inf"), device=s.device).triu(1)
                s = s + mask.to(s.dtype)
            p = torch.softmax(s, dim=-1, dtype=torch.float32).to(q.dtype)
            if self.drop > 0:
                p = F.dropout(p, self.drop, self.training)
            return torch.matmul(p, v)

        def forward(self, x):
            b, t, _ = x.shape
            q = self.q(x).view(b, t, self.heads, self.d).transpose(1, 2)
            k = self.k(x).view(b, t, self.kv_heads, self.d).transpose(1, 2)
            v = self.v(x).view(b, t, self.kv_heads, self.d).transpose(1, 2)
            if self.rope:
                pos = torch.arange(t, device=x.device)
                q, k = rotary(q, pos), rotary(k, pos)
            if self.kv_heads != self.heads:
                rep = self.heads // self.kv_heads
                k = k.repeat_interleave(rep, dim=1)
                v = v.repeat_interleave(rep, dim=1)
            if ran["recompute"] == "selective-attention" and self.training:
                # Megatron's selective recomputation: the attention core only
                y = torch.utils.checkpoint.checkpoint(self.core, q, k, v, use_reentrant=False)
            else:
                y = self.core(q, k, v)
            return self.o(y.transpose(1, 2).reshape(b, t, self.heads * self.d))

    class MLP(nn.Module):
        def __init__(self, ffn, bias):
            super().__init__()
            h = arch["hidden"]
            self.gated = arch.get("ffn_act") in ("swiglu", "geglu")
            self.act = arch.get("ffn_act", "gelu")
            if self.gated:
                self.gate = nn.Linear(h, ffn, bias=bias)
            self.up = nn.Linear(h, ffn, bias=bias)
            self.down = nn.Linear(ffn, h, bias=bias)

        def forward(self, x):
            if self.gated:
                g = self.gate(x)
                g = F.silu(g) if self.act == "swiglu" else F.gelu(g)
                return self.down(g * self.up(x))
            u = self.up(x)
            return self.down(F.relu(u) if self.act == "relu" else F.gelu(u))

    class MoE(nn.Module):
        """Token-choice top-k routing over the experts, dropless (Shazeer et al. 2017;
        Mixtral's router), plus shared experts every token passes (DeepSeekMoE)."""

        def __init__(self):
            super().__init__()
            h = arch["hidden"]
            bias = arch.get("biases") == "all"
            self.k = max(arch.get("experts_active") or 1, 1)
            self.router = nn.Linear(h, arch["experts"], bias=False)
            self.experts = nn.ModuleList([MLP(arch["ffn"], bias) for _ in range(arch["experts"])])
            self.shared = nn.ModuleList([MLP(arch["ffn"], bias)
                                         for _ in range(arch.get("shared_experts") or 0)])

        def forward(self, x):
            b, t, h = x.shape
            flat = x.reshape(-1, h)
            weights = torch.softmax(self.router(flat), dim=-1, dtype=torch.float32)
            top_w, top_i = torch.topk(weights, self.k, dim=-1)
            top_w = (top_w / top_w.sum(-1, keepdim=True)).to(x.dtype)
            out = torch.zeros_like(flat)
            for e, expert in enumerate(self.experts):
                rows, slot = torch.nonzero(top_i == e, as_tuple=True)
                if rows.numel() == 0:
                    continue
                y = expert(flat.index_select(0, rows)) * top_w[rows, slot].unsqueeze(-1)
                out = out.index_add(0, rows, y)
            for expert in self.shared:
                out = out + expert(flat)
            return out.view(b, t, h)

    class Block(nn.Module):
        def __init__(self, causal):
            super().__init__()
            h = arch["hidden"]
            self.norm1 = make_norm(arch, h)
            self.attn = Attention(causal)
            self.norm2 = make_norm(arch, h)
            if arch["kind"] == "moe":
                self.mlp = MoE()
            else:
                self.mlp = MLP(arch["ffn"], arch.get("biases") == "all")
            self.drop = DROPOUT_P if ran["dropout"] else 0.0

        def forward(self, x):
            a = self.attn(self.norm1(x))
            if self.drop > 0:
                a = F.dropout(a, self.drop, self.training)
            x = x + a
            m = self.mlp(self.norm2(x))
            if self.drop > 0:
                m = F.dropout(m, self.drop, self.training)
            return x + m

    class Transformer(nn.Module):
        def __init__(self, layers):
            super().__init__()
            h = arch["hidden"]
            self.vision = arch["kind"] == "vit"
            causal = arch["kind"] in ("decoder", "moe")
            if self.vision:
                p = arch["patch_size"]
                c = arch.get("image_channels") or 3
                grid = arch["input_size"] // p
                self.patch = nn.Conv2d(c, h, p, stride=p)
                self.cls = nn.Parameter(torch.zeros(1, 1, h))
                self.pos = nn.Parameter(torch.zeros(1, grid * grid + 1, h))
            else:
                self.embed = nn.Embedding(arch["vocab"], h)
                if arch.get("max_positions", 0) > 0:
                    self.positions = nn.Embedding(arch["max_positions"], h)
                if arch.get("type_vocab", 0) > 0:
                    self.types = nn.Embedding(arch["type_vocab"], h)
            self.blocks = nn.ModuleList([Block(causal) for _ in range(layers)])
            self.norm = make_norm(arch, h)
            if self.vision:
                self.head = nn.Linear(h, arch.get("num_classes") or 1000)
            elif not arch.get("tied_embeddings"):
                self.head = nn.Linear(h, arch["vocab"], bias=False)
            else:
                self.head = None
            self.checkpoint_every = 0
            if ran["recompute"] == "full":
                self.checkpoint_every = 1
            elif ran["recompute"] == "every-nth-layer":
                self.checkpoint_every = max(ran.get("recompute_interval") or 1, 1)

        def forward(self, x):
            if self.vision:
                x = self.patch(x).flatten(2).transpose(1, 2)
                x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], dim=1) + self.pos
            else:
                ids = x
                x = self.embed(ids)
                if hasattr(self, "positions"):
                    x = x + self.positions(torch.arange(ids.shape[1], device=ids.device))
                if hasattr(self, "types"):
                    x = x + self.types(torch.zeros_like(ids))
            for i, block in enumerate(self.blocks):
                if self.checkpoint_every and self.training and i % self.checkpoint_every == 0:
                    x = torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False)
                else:
                    x = block(x)
            x = self.norm(x)
            if self.vision:
                return self.head(x[:, 0])
            if self.head is None:
                return F.linear(x, self.embed.weight)
            return self.head(x)

    return Transformer


def build_model(plan, layers, device):
    arch = plan["arch"]
    kind = arch["kind"]
    if kind == "cnn":
        try:
            import torchvision
        except ImportError:
            raise ProbeError("model.preset: the CNN is built with torchvision, which is not "
                             "installed (Debian: apt install python3-torchvision)")
        name = arch.get("torchvision")
        builder = getattr(torchvision.models, name or "", None)
        if builder is None:
            raise ProbeError("model.preset: no torchvision model for this CNN (%r); the probe "
                             "builds the torchvision ones (resnet-50, …)" % name)
        try:
            model = builder(weights=None, num_classes=arch.get("num_classes") or 1000)
        except TypeError:
            model = builder(pretrained=False, num_classes=arch.get("num_classes") or 1000)
        return model.to(device)
    Transformer = build_transformer_classes(plan)
    if hasattr(torch.device, "__enter__"):
        # PyTorch 2: made on the device, so that a large model needs no host copy
        with torch.device(device):
            return Transformer(layers)
    return Transformer(layers).to(device)


def lora_target_names(targets):
    attention = ["q", "k", "v", "o"]
    if targets == "qv":
        return ["q", "v"]
    if targets == "all-linear":
        return attention + ["gate", "up", "down"]
    return attention


def apply_lora(model, plan, quantize):
    """Freezes every weight and wraps the targeted linears with adapters; QLoRA also
    stores the frozen linears in 4-bit NF4 (bitsandbytes)."""
    ran = plan["ran"]
    for p in model.parameters():
        p.requires_grad_(False)
    names = set(lora_target_names(ran.get("lora_targets") or "attention"))
    replaced = 0
    for module in list(model.modules()):
        for child_name, child in list(module.named_children()):
            if child_name in names and isinstance(child, nn.Linear):
                base = child
                if quantize:
                    import bitsandbytes as bnb
                    q = bnb.nn.Linear4bit(child.in_features, child.out_features,
                                          bias=child.bias is not None,
                                          compute_dtype=compute_dtype(ran["precision"]),
                                          quant_type="nf4")
                    q.weight = bnb.nn.Params4bit(child.weight.data.cpu(), requires_grad=False,
                                                 quant_type="nf4")
                    if child.bias is not None:
                        q.bias = child.bias
                    base = q.to(child.weight.device)
                setattr(module, child_name, LoRALinear(base, ran["lora_rank"] or 16))
                replaced += 1
    if replaced == 0:
        raise ProbeError("training.lora_targets: no linear layer to adapt in this model")


# ---- precision and optimizers ---------------------------------------------

def compute_dtype(precision):
    if precision in ("fp16-mixed", "amp-fp16"):
        return torch.float16
    if precision == "fp32":
        return torch.float32
    return torch.bfloat16


def make_optimizer(params, name):
    lr = 1e-5
    if name == "sgd":
        return torch.optim.SGD(params, lr=lr)
    if name == "sgd-momentum":
        return torch.optim.SGD(params, lr=lr, momentum=0.9)
    if name == "lion":
        return LionOptimizer(params, lr=lr)
    if name == "adafactor" and hasattr(torch.optim, "Adafactor"):
        return torch.optim.Adafactor(params, lr=lr)
    if name in ("adamw-8bit", "adamw-8bit-paged"):
        import bitsandbytes as bnb
        if name == "adamw-8bit-paged":
            return bnb.optim.PagedAdamW8bit(params, lr=lr)
        return bnb.optim.AdamW8bit(params, lr=lr)
    return torch.optim.AdamW(params, lr=lr)


def define_lion():
    global LionOptimizer

    class _Lion(torch.optim.Optimizer):
        """Lion (Chen et al. 2023): one momentum buffer per parameter."""

        def __init__(self, params, lr=1e-4, betas=(0.9, 0.99), weight_decay=0.0):
            super().__init__(params, dict(lr=lr, betas=betas, weight_decay=weight_decay))

        @torch.no_grad()
        def step(self):
            for group in self.param_groups:
                b1, b2 = group["betas"]
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if "exp_avg" not in state:
                        state["exp_avg"] = torch.zeros_like(p)
                    m = state["exp_avg"]
                    update = (m * b1 + p.grad * (1 - b1)).sign_()
                    p.add_(update, alpha=-group["lr"])
                    m.mul_(b2).add_(p.grad, alpha=1 - b2)

    LionOptimizer = _Lion


class MasterWeights(object):
    """Megatron/DeepSpeed mixed precision (ZeRO paper §3.1): 16-bit weights and
    gradients in the model, an fp32 master copy of each trainable weight inside the
    optimizer, updated in fp32 and copied back."""

    def __init__(self, model, optimizer_name):
        self.params = [p for p in model.parameters() if p.requires_grad]
        self.master = [p.detach().float().clone().requires_grad_(True) for p in self.params]
        self.optimizer = make_optimizer(self.master, optimizer_name)

    def step(self):
        for p, m in zip(self.params, self.master):
            m.grad = None if p.grad is None else p.grad.float()
            p.grad = None
        self.optimizer.step()
        with torch.no_grad():
            for p, m in zip(self.params, self.master):
                p.copy_(m)
        for m in self.master:
            m.grad = None

    def zero_grad(self, set_to_none=True):
        pass

    @property
    def state(self):
        return self.optimizer.state


def state_bytes(optimizer, masters):
    total = 0
    seen = set()
    for state in optimizer.state.values():
        for v in state.values():
            if torch.is_tensor(v) and v.data_ptr() not in seen:
                seen.add(v.data_ptr())
                total += v.numel() * v.element_size()
    for m in masters or []:
        total += m.numel() * m.element_size()
    return total


# ---- memory on the CPU ----------------------------------------------------

class CpuMemory(object):
    """The CPU has no caching allocator and no allocator statistics: the bytes malloc
    holds for the process (glibc's mallinfo2: in use in the arenas plus mmapped
    blocks) are read after every operator of one step, through a dispatch mode, and
    their peak over the baseline taken before the model was built is the step's peak
    allocation."""

    def __init__(self):
        import ctypes
        self.mallinfo = None
        try:
            libc = ctypes.CDLL("libc.so.6")

            class MI2(ctypes.Structure):
                _fields_ = [(n, ctypes.c_size_t) for n in
                            ("arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks "
                             "fordblks keepcost").split()]
            libc.mallinfo2.restype = MI2
            libc.mallinfo2()
            self.mallinfo = libc.mallinfo2
        except (OSError, AttributeError):
            self.mallinfo = None
        self.baseline = self.now()

    def available(self):
        return self.mallinfo is not None

    def now(self):
        if self.mallinfo is None:
            return 0
        m = self.mallinfo()
        return m.uordblks + m.hblkhd

    def tracker(self):
        try:
            from torch.utils._python_dispatch import TorchDispatchMode
        except ImportError:
            return None
        outer = self

        class Peak(TorchDispatchMode):
            def __init__(self):
                super().__init__()
                self.peak = 0

            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                out = func(*args, **(kwargs or {}))
                now = outer.now()
                if now > self.peak:
                    self.peak = now
                return out

        return Peak()


def rss_peak_bytes():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def host_memory_bytes(key):
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


# ---- the device -----------------------------------------------------------

def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cpu_vendor():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("vendor_id"):
                    v = line.split(":", 1)[1].strip()
                    return {"GenuineIntel": "Intel", "AuthenticAMD": "AMD"}.get(v, v)
    except OSError:
        pass
    return platform.machine()


def nvidia_driver():
    exe = shutil.which("nvidia-smi")
    if exe is None:
        return None
    try:
        out = subprocess.run([exe, "--query-gpu=driver_version", "--format=csv,noheader"],
                             capture_output=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    text = out.stdout.decode("utf-8", "replace").strip().splitlines()
    return text[0].strip() if out.returncode == 0 and text else None


def describe_device(device, threads):
    d = {"kind": "cpu", "count": 1}
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        hip = getattr(torch.version, "hip", None)
        d["kind"] = "rocm" if hip else "cuda"
        d["name"] = props.name
        d["vendor"] = "AMD" if hip else "NVIDIA"
        d["memory_bytes"] = int(props.total_memory)
        d["multiprocessors"] = int(props.multi_processor_count)
        if hip:
            d["arch"] = getattr(props, "gcnArchName", None)
        else:
            d["compute_capability"] = "%d.%d" % (props.major, props.minor)
        d["count"] = torch.cuda.device_count()
        d["driver"] = None if hip else nvidia_driver()
    else:
        d["name"] = cpu_name()
        d["vendor"] = cpu_vendor()
        d["memory_bytes"] = host_memory_bytes("MemTotal")
        d["threads"] = threads
        d["cores"] = os.cpu_count()
    return d


def sync(device):
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def gemm_tflops(device, dtype):
    """The rate a large square matrix product reaches here (dense, at @dtype)."""
    n = 4096 if device.type == "cuda" else 768
    a = torch.randn(n, n, device=device).to(dtype)
    b = torch.randn(n, n, device=device).to(dtype)
    torch.matmul(a, b)
    sync(device)
    times = []
    for _ in range(5 if device.type == "cuda" else 3):
        t0 = time.perf_counter()
        torch.matmul(a, b)
        sync(device)
        times.append(time.perf_counter() - t0)
    return 2.0 * n ** 3 / min(times) / 1e12


def copy_bandwidth_gb_s(device):
    """Bytes read and written per second by a large tensor copy."""
    n = (256 if device.type == "cuda" else 32) * 1024 * 1024
    a = torch.empty(n // 4, dtype=torch.float32, device=device).fill_(1.0)
    b = torch.empty_like(a)
    b.copy_(a)
    sync(device)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        b.copy_(a)
        sync(device)
        times.append(time.perf_counter() - t0)
    return 2.0 * n / min(times) / 1e9


def software():
    s = {"python": platform.python_version(), "torch": torch.__version__,
         "cuda": getattr(torch.version, "cuda", None), "hip": getattr(torch.version, "hip", None),
         "cudnn": None, "torchvision": None, "bitsandbytes": None, "peft": None,
         "os": platform.platform()}
    try:
        if torch.backends.cudnn.is_available():
            s["cudnn"] = str(torch.backends.cudnn.version())
    except Exception:  # noqa: BLE001 (a CPU-only build may raise anything here)
        pass
    for mod in ("torchvision", "bitsandbytes", "peft"):
        try:
            s[mod] = __import__(mod).__version__
        except Exception:  # noqa: BLE001
            pass
    return s


# ---- what can be reproduced -----------------------------------------------

def has_module(name):
    try:
        __import__(name)
        return True
    except Exception:  # noqa: BLE001
        return False


def torch_at_least(major, minor):
    v = torch.__version__.split("+")[0].split(".")
    try:
        return (int(v[0]), int(v[1])) >= (major, minor)
    except (ValueError, IndexError):
        return False


def decide_run(plan_in, device):
    """What the probe runs for the scenario's settings on this device and these
    libraries, and each setting it runs differently, said plainly."""
    t = plan_in["training"]
    arch = dict(plan_in["model"])
    notes = list(plan_in.get("not_reproduced") or [])
    ran = {
        "method": t.get("method", "pretrain"),
        "lora_rank": t.get("lora_rank", 16),
        "lora_targets": t.get("lora_targets", "attention"),
        "precision": t.get("precision", "bf16-mixed"),
        "optimizer": t.get("optimizer", "adamw"),
        "recompute": t.get("recompute", "none"),
        "recompute_interval": t.get("recompute_interval", 1),
        "flash_attention": bool(t.get("flash_attention", False)),
        "compile": bool(t.get("compile", False)),
        "dropout": bool(t.get("dropout", False)),
        "framework": "custom",
        "micro_batch": int(t["micro_batch"]),
        "seq_len": int(t.get("seq_len") or 0),
        "input_size": int(arch.get("input_size") or 0),
        "attention": "eager",
    }

    def note(key, code, asked, runs, text):
        notes.append({"key": key, "code": code, "asked": asked, "ran": runs, "text": text})

    kind = arch.get("kind")
    if kind in ("encoder-decoder", "diffusion-unet", "custom"):
        raise ProbeError("model.kind: the probe builds decoders, encoders, MoE decoders, "
                         "ViT and torchvision CNNs, not %s models" % kind)
    if t.get("framework", "custom") != "custom":
        note("training.framework", "approximated", t.get("framework"), "custom",
             "the step runs in plain PyTorch, not in %s; measure inside that stack to "
             "calibrate it" % t.get("framework"))
    cuda = device.type == "cuda"
    if ran["method"] == "qlora" and not (cuda and has_module("bitsandbytes")):
        note("training.method", "no-library", "qlora", "lora",
             "QLoRA's 4-bit NF4 weights need bitsandbytes on a CUDA GPU; the frozen "
             "weights are held in 16 bits instead")
        ran["method"] = "lora"
    if ran["optimizer"] in ("adamw-8bit", "adamw-8bit-paged") and \
            not (cuda and has_module("bitsandbytes")):
        note("training.optimizer", "no-library", ran["optimizer"], "adamw",
             "8-bit AdamW needs bitsandbytes on a CUDA GPU; AdamW with fp32 states runs "
             "instead")
        ran["optimizer"] = "adamw"
    if ran["optimizer"] == "adafactor" and not hasattr(torch.optim, "Adafactor"):
        note("training.optimizer", "not-available", "adafactor", "adamw",
             "this PyTorch has no Adafactor (added in 2.5); AdamW runs instead")
        ran["optimizer"] = "adamw"
    if ran["precision"] == "fp8-mixed":
        note("training.precision", "no-library", "fp8-mixed", "bf16-mixed",
             "FP8 training needs NVIDIA Transformer Engine, which the probe does not "
             "drive; BF16 with fp32 master weights runs instead")
        ran["precision"] = "bf16-mixed"
    if ran["precision"] in ("fp16-mixed", "amp-fp16") and not cuda:
        note("training.precision", "not-available", ran["precision"],
             "bf16-mixed" if ran["precision"] == "fp16-mixed" else "amp-bf16",
             "FP16 matrix products are not supported on the CPU; BF16 runs instead")
        ran["precision"] = "bf16-mixed" if ran["precision"] == "fp16-mixed" else "amp-bf16"
    if ran["flash_attention"]:
        if cuda and torch_at_least(2, 0):
            ran["attention"] = "sdpa"
        else:
            note("training.flash_attention", "not-available", True, False,
                 "FlashAttention needs PyTorch 2.0 or later on a GPU; attention runs "
                 "eagerly and holds the scores")
            ran["flash_attention"] = False
    if ran["recompute"] == "selective-ops":
        note("training.recompute", "approximated", "selective-ops", "selective-attention",
             "op-level selective checkpointing is approximated by recomputing the "
             "attention core (Megatron's selective)")
        ran["recompute"] = "selective-attention"
    if ran["compile"] and not torch_at_least(2, 0):
        note("training.compile", "not-available", True, False,
             "torch.compile needs PyTorch 2.0 or later; the step runs eagerly")
        ran["compile"] = False
    if kind == "cnn" and ran["recompute"] != "none":
        note("training.recompute", "not-available", ran["recompute"], "none",
             "torchvision CNNs are measured without checkpointing")
        ran["recompute"] = "none"
    return arch, ran, notes


# ---- one configuration, measured -------------------------------------------

def make_batch(arch, ran, device):
    b = ran["micro_batch"]
    if arch["kind"] in ("cnn", "vit"):
        s = ran["input_size"] or arch.get("input_size") or 224
        c = arch.get("image_channels") or 3
        x = torch.randn(b, c, s, s, device=device)
        y = torch.randint(0, arch.get("num_classes") or 1000, (b,), device=device)
        return x, y
    s = ran["seq_len"]
    x = torch.randint(0, arch["vocab"], (b, s), device=device)
    y = torch.randint(0, arch["vocab"], (b, s), device=device)
    return x, y


class Run(object):
    """One configuration on the device: the model, its optimizer and one batch,
    stepped on demand."""

    def __init__(self, plan, layers, device, cpu_mem, clock):
        arch, ran = plan["arch"], plan["ran"]
        self.plan, self.layers, self.device = plan, layers, device
        self.cpu_mem, self.clock = cpu_mem, clock
        precision = ran["precision"]
        self.dtype = compute_dtype(precision)
        lora = ran["method"] in ("lora", "qlora")
        self.base_alloc = 0
        if device.type == "cuda":
            torch.cuda.empty_cache()
            torch.cuda.reset_peak_memory_stats(device)
            self.base_alloc = torch.cuda.memory_allocated(device)
        model = build_model(plan, layers, device)
        if lora:
            apply_lora(model, plan, ran["method"] == "qlora")
        # the weights the device computes with: AMP keeps fp32 weights and casts
        # per op; pure and mixed recipes hold 16-bit weights
        if precision in ("bf16-mixed", "fp16-mixed", "bf16"):
            model = model.to(self.dtype)
        model.train()
        self.model = model
        self.params = sum(p.numel() for p in model.parameters())
        trainable = [p for p in model.parameters() if p.requires_grad]
        self.trainable = sum(p.numel() for p in trainable)
        self.weights_bytes = sum(p.numel() * p.element_size() for p in model.parameters()) + \
            sum(b.numel() * b.element_size() for b in model.buffers())
        self.master = None
        if precision in ("bf16-mixed", "fp16-mixed"):
            self.master = MasterWeights(model, ran["optimizer"])
            self.optimizer = self.master
        else:
            self.optimizer = make_optimizer(trainable, ran["optimizer"])
        self.scaler = torch.cuda.amp.GradScaler() if precision == "amp-fp16" else None
        self.autocast = precision in ("amp-bf16", "amp-fp16")
        self.step_fn = torch.compile(model) if ran["compile"] else model
        self.x, self.y = make_batch(arch, ran, device)
        if arch["kind"] in ("cnn", "vit") and precision in ("bf16-mixed", "fp16-mixed", "bf16"):
            self.x = self.x.to(self.dtype)
        self.gradients_bytes = 0
        self.times = []
        self.loss = None

    def forward(self):
        if self.autocast:
            with torch.autocast(self.device.type, dtype=self.dtype):
                out = self.step_fn(self.x)
        else:
            out = self.step_fn(self.x)
        # the loss in fp32 over all positions (Hugging Face's causal LM loss)
        return F.cross_entropy(out.float().reshape(-1, out.shape[-1]), self.y.reshape(-1))

    def step(self, timed=False, record_grads=False):
        clock, device = self.clock, self.device
        sync(device)
        t0 = clock()
        loss = self.forward()
        sync(device)
        t1 = clock()
        if self.scaler is not None:
            self.scaler.scale(loss).backward()
        else:
            loss.backward()
        sync(device)
        t2 = clock()
        if record_grads:
            self.gradients_bytes = sum(p.grad.numel() * p.grad.element_size()
                                       for p in self.model.parameters() if p.grad is not None)
        if self.scaler is not None:
            self.scaler.step(self.optimizer)
            self.scaler.update()
        else:
            self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        self.model.zero_grad(set_to_none=True)
        sync(device)
        t3 = clock()
        if timed:
            self.times.append((t1 - t0, t2 - t1, t3 - t2))
        self.loss = float(loss.detach())

    def reset_peaks(self):
        if self.device.type == "cuda":
            torch.cuda.reset_peak_memory_stats(self.device)

    def memory(self):
        """The step's peaks: the allocator's on a GPU (since reset_peaks); on the
        CPU, malloc's live bytes through one more step."""
        if self.device.type == "cuda":
            return (int(torch.cuda.max_memory_allocated(self.device) - self.base_alloc),
                    int(torch.cuda.max_memory_reserved(self.device)))
        if not self.cpu_mem.available():
            raise ProbeError("device: this Python cannot read the CPU's allocations "
                             "(glibc's mallinfo2 is needed); measure on a GPU")
        tracker = self.cpu_mem.tracker()
        peak = None
        if tracker is not None:
            try:
                with tracker:
                    self.step(record_grads=True)
                peak = tracker.peak
            except RuntimeError:
                # PyTorch 1.13's dispatch modes trip over checkpointed regions
                # that multiply by Python numbers: sample at module boundaries
                self.model.zero_grad(set_to_none=True)
                peak = None
        if peak is None:
            peak = self.sampled_peak()
        peak = int(max(peak - self.cpu_mem.baseline, 0))
        return peak, peak

    def sampled_peak(self):
        """malloc's live bytes read after every module's forward and backward and
        around the loss: the peak at those points of one step."""
        state = {"peak": self.cpu_mem.now()}

        def sample(*_):
            now = self.cpu_mem.now()
            if now > state["peak"]:
                state["peak"] = now

        handles = []
        for module in self.model.modules():
            handles.append(module.register_forward_hook(sample))
            if hasattr(module, "register_full_backward_hook"):
                handles.append(module.register_full_backward_hook(sample))
        try:
            self.step(record_grads=True)
        finally:
            for h in handles:
                h.remove()
        sample()
        return state["peak"]

    def point(self, peaks):
        times = self.times
        step_times = [sum(t) for t in times]
        median = statistics.median(step_times)
        p = {"layers": self.layers,
             "step_s": median,
             "step_s_min": min(step_times),
             "step_s_spread": spread(step_times, median),
             "step_times_s": [round(v, 6) for v in step_times],
             "forward_s": statistics.median(t[0] for t in times),
             "backward_s": statistics.median(t[1] for t in times),
             "optimizer_s": statistics.median(t[2] for t in times),
             "params": self.params,
             "trainable_params": self.trainable,
             "weights_bytes": self.weights_bytes,
             "gradients_bytes": self.gradients_bytes,
             "optimizer_bytes": state_bytes(self.optimizer,
                                            self.master.master if self.master else None),
             "peak_allocated_bytes": peaks[0],
             "peak_reserved_bytes": peaks[1],
             "loss": self.loss if self.loss is not None and math.isfinite(self.loss) else None}
        return p

    def close(self):
        for name in ("model", "optimizer", "master", "step_fn", "x", "y"):
            setattr(self, name, None)
        if self.device.type == "cuda":
            torch.cuda.empty_cache()


def spread(values, median):
    """How much the timed steps disagree: the interquartile range over the
    median (0 for fewer than four steps)."""
    if len(values) < 4 or median <= 0:
        return 0.0
    q = statistics.quantiles(values, n=4)
    return round((q[2] - q[0]) / median, 4)


def measure_alone(plan, layers, device, steps, warmup, cpu_mem, clock):
    """One configuration: warm-up, timed steps, then its peaks."""
    run = Run(plan, layers, device, cpu_mem, clock)
    try:
        for _ in range(warmup):
            run.step()
        run.reset_peaks()
        for i in range(steps):
            run.step(timed=True, record_grads=(i == steps - 1))
        return run.point(run.memory())
    finally:
        run.close()


def measure_interleaved(configs, device, steps, warmup, cpu_mem, clock):
    """Several configurations whose timed steps take turns, so that each sees the
    machine in the same state (a machine shared with other work); each one's peak
    memory is measured alone first.  All the models are held at once."""
    peaks = []
    for plan, layers in configs:
        run = Run(plan, layers, device, cpu_mem, clock)
        try:
            run.step()
            run.reset_peaks()
            run.step()
            peaks.append(run.memory())
        finally:
            run.close()
    runs = [Run(plan, layers, device, cpu_mem, clock) for plan, layers in configs]
    try:
        for _ in range(warmup):
            for run in runs:
                run.step()
        for i in range(steps):
            for run in runs:
                run.step(timed=True, record_grads=(i == steps - 1))
        return [run.point(p) for run, p in zip(runs, peaks)]
    finally:
        for run in runs:
            run.close()


def per_sample(plan):
    arch, ran = plan["arch"], plan["ran"]
    if arch["kind"] in ("cnn", "vit"):
        return 0
    return ran["seq_len"]


def throughput(point, plan):
    b = plan["ran"]["micro_batch"]
    out = {"samples_per_s": b / point["step_s"]}
    tokens = per_sample(plan)
    if tokens:
        out["tokens_per_s"] = b * tokens / point["step_s"]
    return out


def free_bytes(device):
    if device.type == "cuda":
        free, _total = torch.cuda.mem_get_info(device)
        return int(free)
    return host_memory_bytes("MemAvailable")


def choose_depths(plan_in, arch, device, forced):
    """Whole model when it fits the free memory; else two depths that do, from the
    memory the scenario predicts per layer."""
    layers = int(arch.get("layers") or 0)
    if forced:
        return forced
    predicted = plan_in.get("predicted") or {}
    total = predicted.get("memory_bytes")
    free = free_bytes(device)
    if arch["kind"] == "cnn" or not total or not free or total <= FIT_SHARE * free or layers < 3:
        return None
    per_layer = predicted.get("memory_per_layer_bytes") or 0
    fixed = predicted.get("memory_fixed_bytes") or 0
    if per_layer <= 0:
        return None
    deepest = int((FIT_SHARE * free - fixed) // per_layer)
    if deepest < 2:
        raise ProbeError("device: even two layers of this model need %.1f GiB, more than the "
                         "%.1f GiB free here" % ((fixed + 2 * per_layer) / 2 ** 30,
                                                 free / 2 ** 30))
    deepest = min(deepest, layers - 1, 8)
    return [max(deepest // 2, 1), deepest]


def is_oom(e):
    text = str(e).lower()
    return "out of memory" in text or "cannot allocate memory" in text


# ---- main -----------------------------------------------------------------

def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="rigplan-probe",
        description="Measure a few training steps of Rigplan scenarios on this machine "
                    "and write measurement files for `rigplan-cli calibrate`.")
    p.add_argument("inputs", metavar="FILE", nargs="+",
                   help="a scenario (*.rigplan) or what `rigplan-cli export FILE --format "
                        "probe` writes; several are measured one after another")
    p.add_argument("-o", "--output", metavar="OUT.rigplan-measure", action="append",
                   help="write the measurement here (default: standard output); once per "
                        "FILE")
    p.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"],
                   help="where to run (default: the first GPU if there is one; ROCm GPUs "
                        "are cuda devices in PyTorch)")
    p.add_argument("--steps", type=int, default=None,
                   help="timed steps (default 10 on a GPU, 3 on the CPU)")
    p.add_argument("--warmup", type=int, default=None,
                   help="warm-up steps before timing (default 3 on a GPU, 1 on the CPU)")
    p.add_argument("--layers", metavar="D1,D2",
                   help="measure these two depths and record the per-layer slope, "
                        "even when the whole model fits")
    p.add_argument("--interleave", action="store_true",
                   help="time the FILEs' steps in turn, so that each sees the machine in "
                        "the same state (a machine shared with other work); all their "
                        "models must fit at once")
    p.add_argument("--threads", type=int, default=0,
                   help="CPU threads for PyTorch (default: PyTorch's own choice)")
    p.add_argument("--clock", default="wall", choices=["wall", "process"],
                   help="time steps by the wall clock (default), or on the CPU by the "
                        "process's CPU time, one thread: the step an idle core would take, "
                        "for machines shared with other work")
    p.add_argument("--cli", metavar="PATH", help="the rigplan-cli to resolve scenarios with")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    args = p.parse_args(argv)
    if args.steps is not None and not 1 <= args.steps <= 1000:
        p.error("--steps must be between 1 and 1000")
    if args.warmup is not None and not 0 <= args.warmup <= 1000:
        p.error("--warmup must be between 0 and 1000")
    if args.output is None:
        args.output = [None] if len(args.inputs) == 1 else None
    if args.output is None or len(args.output) != len(args.inputs):
        p.error("give one -o OUT.rigplan-measure per FILE")
    if args.layers:
        try:
            depths = [int(v) for v in args.layers.split(",")]
        except ValueError:
            depths = []
        if len(depths) != 2 or not 1 <= depths[0] < depths[1]:
            p.error("--layers takes two depths, the smaller first: 1,2")
        args.layers = depths
    return args


def write_atomic(path, text):
    tmp = path + ".tmp-%d" % os.getpid()
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def summarize(out, points, mode, layers, plan):
    """The top-level figures: the point measured, or the two depths extrapolated
    to the model's layers with the per-layer slope."""
    if mode == "whole":
        top = dict(points[0])
    else:
        a, b = points
        span = b["layers"] - a["layers"]
        slope = {}
        for key in ("step_s", "forward_s", "backward_s", "optimizer_s", "peak_allocated_bytes",
                    "peak_reserved_bytes", "weights_bytes", "gradients_bytes",
                    "optimizer_bytes", "params", "trainable_params"):
            slope[key] = (b[key] - a[key]) / span
        out["per_layer"] = slope
        top = {}
        for key, per in slope.items():
            top[key] = a[key] + per * (layers - a["layers"])
        for key in ("peak_allocated_bytes", "peak_reserved_bytes", "weights_bytes",
                    "gradients_bytes", "optimizer_bytes", "params", "trainable_params"):
            top[key] = int(round(top[key]))
        top["step_s_min"] = top["step_s"]
        top["step_s_spread"] = max(a["step_s_spread"], b["step_s_spread"])
        out["extrapolated"] = True
    if not top["step_s"] > 0:
        raise ProbeError("step_s: the step took no measurable time; raise --steps")
    for key in ("step_s", "step_s_min", "step_s_spread", "forward_s", "backward_s",
                "optimizer_s", "peak_allocated_bytes", "peak_reserved_bytes", "weights_bytes",
                "gradients_bytes", "optimizer_bytes", "params", "trainable_params"):
        out[key] = top[key]
    out.update(throughput(top, plan))


def main(argv):
    global torch, nn, F
    args = parse_args(argv)
    torch = import_torch()
    import torch.nn as _nn
    import torch.nn.functional as _F
    import torch.utils.checkpoint  # noqa: F401
    nn, F = _nn, _F
    define_models()
    define_lora()
    define_lion()
    torch.manual_seed(args.seed)
    if args.clock == "process":
        # one thread: the process's CPU time is then the step's own
        args.threads = 1
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    clock = time.process_time if args.clock == "process" else time.perf_counter
    jobs = []
    try:
        if args.clock == "process" and args.device != "cpu":
            raise ProbeError("--clock process times the CPU only; add --device cpu")
        if args.device == "cuda" and not torch.cuda.is_available():
            raise ProbeError("device: --device cuda, but PyTorch sees no CUDA or ROCm GPU")
        use_cuda = args.device == "cuda" or (args.device == "auto" and torch.cuda.is_available())
        device = torch.device("cuda:0" if use_cuda else "cpu")
        cpu_mem = CpuMemory()
        steps = args.steps or (10 if use_cuda else 3)
        warmup = args.warmup if args.warmup is not None else (3 if use_cuda else 1)
        for path, output in zip(args.inputs, args.output):
            plan_in = load_input(path, args.cli)
            for key in ("model", "training"):
                if not isinstance(plan_in.get(key), dict):
                    raise ProbeError("%s: %s: expected an object" % (path, key))
            arch, ran, notes = decide_run(plan_in, device)
            plan = {"arch": arch, "ran": ran}
            layers = int(arch.get("layers") or 0)
            depths = choose_depths(plan_in, arch, device, args.layers)
            if depths is not None and depths[1] > layers:
                raise ProbeError("--layers: the model has %d layers" % layers)
            jobs.append({"path": path, "output": output, "plan_in": plan_in, "plan": plan,
                         "notes": notes, "layers": layers, "depths": depths})
        started = time.perf_counter()
        if args.interleave:
            configs = []
            for job in jobs:
                for d in job["depths"] or [job["layers"]]:
                    configs.append((job["plan"], d))
            points = measure_interleaved(configs, device, steps, warmup, cpu_mem, clock)
            for job in jobs:
                n = len(job["depths"] or [0])
                job["points"], points = points[:n], points[n:]
        else:
            for job in jobs:
                depths = job["depths"]
                job["points"] = []
                if depths is None:
                    try:
                        job["points"].append(measure_alone(job["plan"], job["layers"], device,
                                                           steps, warmup, cpu_mem, clock))
                    except RuntimeError as e:
                        if not (is_oom(e) and job["layers"] >= 3):
                            raise
                        depths = job["depths"] = [1, 2]
                for d in depths or []:
                    job["points"].append(measure_alone(job["plan"], d, device, steps, warmup,
                                                       cpu_mem, clock))
        seconds = round(time.perf_counter() - started, 3)

        dev = describe_device(device, torch.get_num_threads())
        dev["measured_tflops"] = {}
        for job in jobs:
            precision = job["plan"]["ran"]["precision"]
            if precision not in dev["measured_tflops"]:
                dev["measured_tflops"][precision] = round(
                    gemm_tflops(device, compute_dtype(precision)), 4)
        dev["measured_bandwidth_gb_s"] = round(copy_bandwidth_gb_s(device), 3)
        if device.type == "cuda":
            free, total = torch.cuda.mem_get_info(device)
            # the process's share beyond PyTorch's pool: the CUDA context (and other
            # processes on the same GPU, which the probe cannot tell apart)
            dev["context_bytes"] = int(max(total - free - torch.cuda.memory_reserved(device),
                                           0))
        else:
            dev["context_bytes"] = 0
        date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        for job in jobs:
            plan_in, ran = job["plan_in"], job["plan"]["ran"]
            mode = "layers" if job["depths"] else "whole"
            out = {
                "format": FORMAT,
                "version": VERSION,
                "tool": TOOL,
                "date": date,
                "host": socket.gethostname(),
                "device": dev,
                "software": software(),
                "scenario": {
                    "name": (plan_in.get("scenario") or {}).get("name"),
                    "file": (plan_in.get("scenario") or {}).get("file"),
                    "gpu": plan_in.get("gpu"),
                    "model": plan_in["model"],
                    "training": plan_in["training"],
                },
                "ran": dict(ran, layers=job["layers"], steps=steps, warmup=warmup,
                            clock=args.clock, interleaved=bool(args.interleave),
                            seconds=seconds),
                "not_reproduced": job["notes"],
                "mode": mode,
                "points": job["points"],
            }
            summarize(out, job["points"], mode, job["layers"], job["plan"])
            if device.type == "cpu":
                out["notes"] = ("CPU: no caching allocator, so peak_reserved_bytes is the peak "
                                "of malloc's live bytes, as peak_allocated_bytes; the process's "
                                "peak resident set was %s bytes" % rss_peak_bytes())
            text = json.dumps(out, indent=2, ensure_ascii=False) + "\n"
            if job["output"] and job["output"] != "-":
                write_atomic(job["output"], text)
                print("rigplan-probe: wrote %s (%s on %s: %.4g s per step)"
                      % (job["output"], mode, dev.get("name"), out["step_s"]), file=sys.stderr)
            else:
                sys.stdout.write(text)
            for n in job["notes"]:
                print("rigplan-probe: %s: not reproduced: %s: %s"
                      % (job["path"], n["key"], n.get("text")), file=sys.stderr)
    except ProbeError as e:
        fail(str(e))
    except OSError as e:
        fail("%s: %s" % (e.filename or "", e.strerror or e))
    except RuntimeError as e:
        if is_oom(e):
            fail("device: out of memory even at two layers; measure on a larger device")
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
