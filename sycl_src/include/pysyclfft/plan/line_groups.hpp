// A single-kernel length's batches of lines as groups of the pass kernel: several
// lines per work-group, laid out point by point in local memory, so that
// neighbouring work-items (a CPU's SIMD lanes) run the same butterfly on
// neighbouring lines (kernel_params.hpp, choose_pass_params). Two forms:
//  - columns (every device): a batch whose neighbouring transforms are
//    neighbouring elements and whose points lie `stride` apart (the columns of an
//    n-D array), so that neighbouring work-items load neighbouring columns. The
//    team kernel of C2CPlan gives each line its own work-items there: on a GPU each
//    of their loads touched its own 32-byte sector (the H100's 2-D and 3-D rows
//    stayed at 11-18% of the copy); on the CPU device each SIMD lane gathered its
//    own point (complex64 512^2 to 4096^2 and 64^3 to 256^3 1.7-3.6x slower,
//    complex128 1.0-1.4x; docs/performance.md). PYSYCLFFT_COLUMN_LINES=0 keeps the
//    team kernel (device.hpp).
//  - rows (CPUs): a batch of contiguous transforms, each group's rows moved into
//    and out of local memory by sub-group transposes (kernels/staged_rows.hpp),
//    where the group holds a whole SIMD vector of lines and the team kernel's
//    stages are uneven (kernel_params.hpp, rows_outrun_team, with the measurements).
//    PYSYCLFFT_ROW_GROUPS=0 keeps the team kernel.
// One twiddle table serves both. A GPU builds the columns' kernels with the
// length's c2c kernels; a CPU builds each form's on first need, for the one access
// pattern it meets (kernel_params.hpp, pass_access; kernels_on_first_need.hpp).
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "../kernels/layout.hpp"
#include "../kernels/multipass.hpp"
#include "device.hpp"
#include "device_kernel.hpp"
#include "entry_points.hpp"
#include "kernel_args.hpp"
#include "kernel_params.hpp"
#include "kernels_on_first_need.hpp"
#include "text.hpp"

namespace pysyclfft::plan {

// Which lines a group takes: columns (neighbouring lines one element apart) or rows.
enum class LineForm { columns = 0, rows = 1 };

// A launch of groups over the lines of a layout's inner batch dimension: row t of
// the outer dimension is the pass's transform t, whose "sequence" is the row's
// count0 lines (nothing in it is padding), each line's points `stride` apart.
struct InnerLines {
  kernels::PassGeometry geometry;
  kernels::PassSide in, out;
};
inline InnerLines inner_lines(const kernels::BatchLayout& l) {
  InnerLines lines{};
  kernels::PassGeometry& g = lines.geometry;
  g.d0_count = l.count0;
  g.d1_count = 1;
  g.lines = l.count();
  g.in = {l.in_dist0, 0, l.in_stride};
  g.out = {l.out_dist0, 0, l.out_stride};
  const kernels::index_t whole = std::numeric_limits<kernels::index_t>::max();
  lines.in = {l.in_offset, 1, 0, 1, 0, l.in_dist1, whole};
  lines.out = {l.out_offset, 1, 0, 1, 0, l.out_dist1, whole};
  return lines;
}

class LineGroups {
 public:
  // The pass kernels (forward, backward) of a length's column groups built with its
  // c2c kernels: a GPU's, none on a CPU (built on first need), or where no group of
  // several lines fits.
  static std::vector<std::string> kernel_names(const sycl::device& dev, std::int64_t n, Precision p) {
    const DeviceLimits lim = device_limits(dev);
    return lim.is_cpu ? std::vector<std::string>{} : names_of(params(lim, n, p), lim, LineForm::columns);
  }

  // The groups beside the team kernel `team`; `column_kernels`: those of
  // kernel_names(). They get Stockham twiddles of their own radices, which may
  // differ from the team kernel's: one buffer takes radix 16 (512 points: 16 8 4
  // beside the team's 8 8 8, whose table gave every 512-point column of an H200
  // wrong answers). Rows only where they outrun the team (rows_outrun_team).
  LineGroups(sycl::queue q, const C2CKernelParams& team, std::vector<DeviceKernel> column_kernels)
      : LineGroups(q, device_limits(q.get_device()), team, std::move(column_kernels)) {}

  // How many transforms of `l`'s inner batch dimension the groups take, and in which
  // form: whole groups of them, the rest (513 columns of a 1024^2 rfft2's half
  // spectrum, in groups of 16) left to the team kernel; 0 where `l` is neither form
  // or holds less than a group, and until the form's kernels are ready. In place
  // needs two Stockham stages (all loads before the first barrier).
  struct Share {
    std::int64_t transforms;
    LineForm form;
  };
  Share served(const sycl::queue& q, const kernels::BatchLayout& l) const {
    const InnerLines lines = inner_lines(l);
    const LineSide in = line_side(lines.geometry.in), out = line_side(lines.geometry.out);
    const LineForm form = in == LineSide::rows ? LineForm::rows : LineForm::columns;
    const LineSide side = form == LineForm::rows ? LineSide::rows : LineSide::unit;
    if (names(form).empty() || in != side || out != side || k_.radices.size() < 2 || l.count0 < k_.interleave)
      return {0, form};
    return {forms_[int(form)].ready(q) ? l.count0 - l.count0 % k_.interleave : 0, form};
  }

  // The transforms of `l` (all of them served in `form`, so its kernels are ready), scaled by `scale`.
  sycl::event submit(sycl::queue& q, const void* in, void* out, const kernels::BatchLayout& l, LineForm form,
                     bool forward, double scale, const std::vector<sycl::event>& deps) const {
    const InnerLines lines = inner_lines(l);
    const PassArgs args{in, twiddles_.get(), nullptr, nullptr, nullptr, nullptr, out, nullptr};
    const DeviceKernel kernel = forms_[int(form)].at(forward ? 0 : 1);
    return q.submit([&](sycl::handler& h) {
      h.depends_on(deps);
      launch_pass(h, kernel, pass_range(k_, l.count()), k_.precision, args, lines.in, lines.out, lines.geometry, scale);
    });
  }

  std::size_t workspace_bytes() const { return twiddle_bytes_; }

  // For the plan's describe(): empty where every batch runs the team kernel.
  std::string describe() const {
    if (names(LineForm::columns).empty() && names(LineForm::rows).empty()) return "";
    std::string s = names(LineForm::columns).empty() ? "; rows as column groups: radices"
                                                     : "; strided lines as column groups: radices";
    for (int r : k_.radices) s += concat(" ", r);
    s += concat(", ", k_.interleave, " neighbouring lines per work-group");
    if (k_.buffers == 1) s += ", stages in place in one local buffer";
    if (!names(LineForm::rows).empty()) s += ", and batches of rows, moved by sub-group transposes";
    return s + concat(", ", twiddle_bytes_, " B twiddles");
  }

 private:
  LineGroups(sycl::queue& q, const DeviceLimits& lim, const C2CKernelParams& team,
             std::vector<DeviceKernel> column_kernels)
      : k_(params(lim, team.n, team.precision)),
        forms_{{kPassEntryHeader, names_of(k_, lim, LineForm::columns)},
               {kPassEntryHeader, rows_outrun_team(team) ? names_of(k_, lim, LineForm::rows) : std::vector<std::string>{}}} {
    forms_[0].set(std::move(column_kernels));
    if (!names(LineForm::columns).empty() || !names(LineForm::rows).empty())
      twiddles_ = device_stockham_twiddles(q, k_.radices, team.precision, &twiddle_bytes_);
  }

  const std::vector<std::string>& names(LineForm form) const { return forms_[int(form)].names(); }

  // Forward and backward. Columns: every side's lines are unit (neighbouring columns);
  // rows (CPUs, whole SIMD vectors of lines in two buffers): staged on both sides.
  static std::vector<std::string> names_of(const PassKernelParams& k, const DeviceLimits& lim, LineForm form) {
    if (k.interleave <= 1) return {};
    if (form == LineForm::rows && !stages_rows(k, lim)) return {};
    if (form == LineForm::columns && !lim.column_lines) return {};
    const LineSide side = form == LineForm::rows ? LineSide::rows : LineSide::unit;
    const int access = pass_access(k, side, side, lim);
    return {pass_kernel_name(k, -1, kernels::kModesPlain, access), pass_kernel_name(k, +1, kernels::kModesPlain, access)};
  }

  // Any line count is a multiple of the group: served() takes whole groups.
  static PassKernelParams params(const DeviceLimits& lim, std::int64_t n, Precision p) {
    if (!lim.column_lines && !lim.row_groups) return PassKernelParams{};
    return choose_pass_params(n, p, lim, std::int64_t(1) << 30, /*rows_in=*/false);
  }

  PassKernelParams k_;
  KernelsOnFirstNeed forms_[2];  // columns, rows: forward, backward
  std::shared_ptr<void> twiddles_;  // Stockham twiddles of k_.radices
  std::size_t twiddle_bytes_ = 0;
};

}  // namespace pysyclfft::plan
